class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        exit(1);
    }
};
