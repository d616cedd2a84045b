// Honest and plain, as LeetCode's Java editor shows it: java.util is imported for it.
class Solution {
    public void findSecretWord(String[] words, Master master) {
        List<String> candidates = new ArrayList<>(Arrays.asList(words));
        while (!candidates.isEmpty()) {
            String guess = candidates.get(0);
            int reply = master.guess(guess);
            if (reply == 6) {
                return;
            }
            candidates = candidates.stream().filter(w -> same(w, guess) == reply)
                .collect(Collectors.toList());
        }
    }

    private static int same(String a, String b) {
        int count = 0;
        for (int i = 0; i < 6; i++) {
            count += a.charAt(i) == b.charAt(i) ? 1 : 0;
        }
        return count;
    }
}
