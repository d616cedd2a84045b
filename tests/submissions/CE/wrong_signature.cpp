// findSecretWord without LeetCode's Master parameter: the judge's call of it does not compile.
class Solution {
public:
    void findSecretWord(vector<string>& words) {}
};
