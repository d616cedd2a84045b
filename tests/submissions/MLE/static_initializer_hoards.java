// The class's static code fills the heap: it runs in the case, so the case is MLE.
class Solution {
    static final List<long[]> HOARD = hoard();

    static List<long[]> hoard() {
        List<long[]> hoard = new ArrayList<>();
        for (;;) {
            hoard.add(new long[2 << 20]);
        }
    }

    public void findSecretWord(String[] words, Master master) {
        master.guess(words[HOARD.size()]);
    }
}
