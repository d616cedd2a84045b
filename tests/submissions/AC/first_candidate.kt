// Honest and plain, as LeetCode's Kotlin editor shows it.
class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        var candidates = words.toList()
        while (candidates.isNotEmpty()) {
            val guess = candidates[0]
            val reply = master.guess(guess)
            if (reply == 6) return
            candidates = candidates.filter { w -> w.indices.count { w[it] == guess[it] } == reply }
        }
    }
}
