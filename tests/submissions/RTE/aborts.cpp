class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        assert(words.empty());  // fails: abort()
    }
};
