// Wrong: one guess, then it returns without the secret.
class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        master.guess(words[0]);
    }
};
