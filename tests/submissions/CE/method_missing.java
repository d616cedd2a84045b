class Solution {
    public void findSecret(String[] words, Master master) {
        master.guess(words[0]);
    }
}
