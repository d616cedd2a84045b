// The companion object's initializer throws: it runs in the case, when the class is first used.
class Solution {
    companion object {
        val start: Int = "not a number".toInt()
    }

    fun findSecretWord(words: Array<String>, master: Master) {
        master.guess(words[start])
    }
}
