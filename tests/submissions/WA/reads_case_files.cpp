// needs: sandbox
// A cheat: walks the disk for case files holding this word list and guesses their secret.
// Only the sandbox, which shows the worker no case file, stops it.
#include <filesystem>
#include <fstream>
#include <regex>

class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        namespace fs = std::filesystem;
        const regex secret("\"secret\"\\s*:\\s*\"([a-z]+)\"|^\"([a-z]+)\"");
        for (const char* root : {"/tmp", ".", getenv("HOME") ? getenv("HOME") : "/root"}) {
            error_code ignored;
            for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ignored), end;
                 it != end; it.increment(ignored)) {
                string path = it->path().string();
                if (path.size() < 5 || (path.substr(path.size() - 5) != ".json" &&
                                        path.substr(path.size() - 4) != ".txt"))
                    continue;
                ifstream file(path);
                string text((istreambuf_iterator<char>(file)), istreambuf_iterator<char>());
                bool all = true;
                for (const string& w : words) all = all && text.find("\"" + w + "\"") != string::npos;
                smatch found;
                if (all && regex_search(text, found, secret)) {
                    master.guess(found[1].matched ? found[1].str() : found[2].str());
                    return;
                }
            }
        }
    }
};
