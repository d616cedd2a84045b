class Solution {
    public void findSecretWord(String[] words, Master master) {
        master.guess(words[0]);
    }
}
