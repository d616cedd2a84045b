class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        volatile int* nowhere = nullptr;
        *nowhere = 42;
    }
};
