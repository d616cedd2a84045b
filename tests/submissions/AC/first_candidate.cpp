// Honest and plain, in C++ as LeetCode's editor shows it: no includes, no `std::`.
class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        vector<string> candidates = words;
        while (!candidates.empty()) {
            string guess = candidates[0];
            int reply = master.guess(guess);
            if (reply == 6) return;
            vector<string> left;
            for (const string& w : candidates) {
                int same = 0;
                for (int i = 0; i < 6; ++i) same += w[i] == guess[i];
                if (same == reply) left.push_back(w);
            }
            candidates = left;
        }
    }
};
