// signals_the_warm_process.py in C++: each case's process tells the list's warm process (its
// parent) the index of the secret it found, one real-time signal per bit; the warm process's
// handlers note it, and the forks it makes later know it. The judge holds the warm processes
// still during a case and finds the signals waiting: the case is RTE, the warm process ends.
#include <csignal>
#include <unistd.h>

static const int BITS = 6;
static volatile sig_atomic_t heard[64], heard_count = 0, bits = 0;

extern "C" void noted(int signum) {
    if (signum == SIGRTMIN + 10) {
        if (heard_count < 64) heard[heard_count++] = bits - 1;
        bits = 0;
    } else {
        bits = bits | (1 << (signum - SIGRTMIN));
    }
}

static int installed = [] {
    for (int bit = 0; bit < BITS; ++bit) signal(SIGRTMIN + bit, noted);
    signal(SIGRTMIN + 10, noted);
    return 0;
}();

class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        vector<string> learned;
        for (int k = 0; k < heard_count; ++k)
            if (heard[k] >= 0 && heard[k] < int(words.size())) learned.push_back(words[heard[k]]);
        cout << "learned:";
        for (const string& word : learned) cout << " " << word;
        cout << endl;
        for (int index = 0; index < int(words.size()); ++index) {
            if (find(learned.begin(), learned.end(), words[index]) != learned.end()) continue;
            if (master.guess(words[index]) == 6) {
                int told = index + 1;
                for (int bit = 0; bit < BITS; ++bit)
                    if (told >> bit & 1) kill(getppid(), SIGRTMIN + bit);
                kill(getppid(), SIGRTMIN + 10);
                return;
            }
        }
    }
};
