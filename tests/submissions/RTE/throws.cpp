class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        master.guess(words[0]);
        throw out_of_range("boom from the solution");
    }
};
