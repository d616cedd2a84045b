// The class's static code throws. It runs in the case, as on LeetCode, so the case is RTE (not
// CE: the class compiled and loaded).
class Solution {
    static final int START = Integer.parseInt("not a number");

    public void findSecretWord(String[] words, Master master) {
        master.guess(words[START]);
    }
}
