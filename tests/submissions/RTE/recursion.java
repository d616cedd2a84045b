class Solution {
    public void findSecretWord(String[] words, Master master) {
        deeper(0);
    }

    private int deeper(int n) {
        return deeper(n + 1) + 1;
    }
}
