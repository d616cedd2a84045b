class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        master.guess(words[0])
        error("boom from the solution")
    }
}
