// remembers_in_shared_memory.py in C++: a MAP_SHARED page made as the program starts is shared
// by every process forked from it, so each case could write the secret it found there and
// later cases skip those words. The judge must refuse to play from such a state.
#include <sys/mman.h>

static char* board = static_cast<char*>(
    mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));

class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        string known(board, strnlen(board, 4095));
        vector<string> learned;
        istringstream notes(known);
        for (string word; notes >> word;)
            if (find(words.begin(), words.end(), word) != words.end()) learned.push_back(word);
        cout << "learned:";
        for (const string& word : learned) cout << " " << word;
        cout << endl;
        for (const string& word : words) {
            if (find(learned.begin(), learned.end(), word) != learned.end()) continue;
            if (master.guess(word) == 6) {
                known += word + " ";
                memcpy(board, known.c_str(), min<size_t>(known.size() + 1, 4095));
                return;
            }
        }
    }
};
