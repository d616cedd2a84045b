class Solution {
    @Volatile var spins = 0L

    fun findSecretWord(words: Array<String>, master: Master) {
        while (true) spins++
    }
}
