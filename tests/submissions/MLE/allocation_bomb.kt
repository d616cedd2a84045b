class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        val hoard = ArrayList<LongArray>()
        while (true) hoard.add(LongArray(2 shl 20))
    }
}
