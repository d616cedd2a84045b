class Solution {
    public void findSecretWord(String[] words, Master master) {
        List<long[]> hoard = new ArrayList<>();
        for (;;) {
            hoard.add(new long[2 << 20]);
        }
    }
}
