// needs: sandbox
// A cheat: walks the disk for case files holding this word list and guesses their secret.
// Only the sandbox, which shows the worker no case file, stops it.
class Solution {
    public void findSecretWord(String[] words, Master master) {
        java.util.regex.Pattern secret =
            java.util.regex.Pattern.compile("\"secret\"\\s*:\\s*\"([a-z]+)\"|^\"([a-z]+)\"");
        for (String root : new String[] {"/tmp", ".", System.getProperty("user.home")}) {
            try (java.util.stream.Stream<java.nio.file.Path> paths = java.nio.file.Files.walk(
                    java.nio.file.Path.of(root))) {
                for (java.nio.file.Path path : (Iterable<java.nio.file.Path>) paths::iterator) {
                    String name = path.toString();
                    if (!name.endsWith(".json") && !name.endsWith(".txt")) continue;
                    String text;
                    try {
                        text = java.nio.file.Files.readString(path);
                    } catch (Exception e) {
                        continue;
                    }
                    boolean all = true;
                    for (String w : words) all = all && text.contains("\"" + w + "\"");
                    java.util.regex.Matcher found = secret.matcher(text);
                    if (all && found.find()) {
                        master.guess(found.group(1) != null ? found.group(1) : found.group(2));
                        return;
                    }
                }
            } catch (Exception e) {
                // an unreadable root: try the next
            }
        }
    }
}
