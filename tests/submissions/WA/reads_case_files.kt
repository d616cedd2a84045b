// needs: sandbox
// A cheat: walks the disk for case files holding this word list and guesses their secret.
// Only the sandbox, which shows the worker no case file, stops it.
class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        val secret = Regex("\"secret\"\\s*:\\s*\"([a-z]+)\"|^\"([a-z]+)\"")
        for (root in listOf("/tmp", ".", System.getProperty("user.home"))) {
            for (file in java.io.File(root).walk()) {
                if (!file.isFile || !(file.name.endsWith(".json") || file.name.endsWith(".txt"))) continue
                val text = try { file.readText() } catch (e: Exception) { continue }
                val found = secret.find(text) ?: continue
                if (words.all { text.contains("\"$it\"") }) {
                    master.guess(found.groupValues[1].ifEmpty { found.groupValues[2] })
                    return
                }
            }
        }
    }
}
