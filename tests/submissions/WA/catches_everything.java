// Swallows every Throwable and keeps guessing: the judge's stop still ends it, as WA.
class Solution {
    public void findSecretWord(String[] words, Master master) {
        for (;;) {
            try {
                master.guess(words[0]);
            } catch (Throwable swallowed) {
                // keeps going
            }
        }
    }
}
