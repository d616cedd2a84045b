class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        val reply: String = master.guess(words[0])
    }
}
