class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        volatile unsigned long spins = 0;
        for (;;) ++spins;
    }
};
