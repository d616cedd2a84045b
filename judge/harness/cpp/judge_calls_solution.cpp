// The submission, compiled with LeetCode's environment, and the one call the harness makes.
// Kept apart from harness.cpp so that the submission's macros cannot reach the harness.
#include "leetcode.h"
#include "solution.cpp"

void judge_find_secret_word(vector<string>& words, Master& master) {
    // A new object per case, on the heap (a Solution may hold large arrays).
    unique_ptr<Solution> solution(new Solution());
    solution->findSecretWord(words, master);
}
