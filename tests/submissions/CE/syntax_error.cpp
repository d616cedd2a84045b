class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        master.guess(words[0])  // the semicolon is missing
    }
};
