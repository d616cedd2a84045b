// remembers_in_the_keyring.py in C++: stores each secret it finds in the kernel's user
// keyring (add_key), which every process of one user shares, and later cases skip the words
// stored there. The sandbox's system-call filter refuses the keyring calls (EPERM).
#include <sys/syscall.h>
#include <unistd.h>

static const long USER_KEYRING = -4;

static string description(const string& word) { return "guess-judge-cheat:" + word; }

static bool remembered(const string& word) {
    return syscall(SYS_request_key, "user", description(word).c_str(), nullptr, 0) > 0;
}

static void remember(const string& word) {
    syscall(SYS_add_key, "user", description(word).c_str(), word.data(), word.size(),
            USER_KEYRING);
}

class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        vector<string> learned;
        for (const string& word : words)
            if (remembered(word)) learned.push_back(word);
        cout << "learned:";
        for (const string& word : learned) cout << " " << word;
        cout << endl;
        for (const string& word : words) {
            if (find(learned.begin(), learned.end(), word) != learned.end()) continue;
            if (master.guess(word) == 6) {
                remember(word);
                return;
            }
        }
    }
};
