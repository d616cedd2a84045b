class Solution {
    static volatile long spins;

    public void findSecretWord(String[] words, Master master) {
        for (;;) {
            spins++;
        }
    }
}
