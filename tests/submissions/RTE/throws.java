class Solution {
    public void findSecretWord(String[] words, Master master) {
        master.guess(words[0]);
        throw new IllegalStateException("boom from the solution");
    }
}
