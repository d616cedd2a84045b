// The JVM harness, for Java and Kotlin submissions alike: finds the class Solution and its
// findSecretWord(String[], Master) by reflection, and serves LeetCode 843 cases over the
// judge's pipes (judge/harness/PROTOCOL.md).
// Usage: java Harness READ_FD WRITE_FD GAME
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

final class Harness {
    private static final int LONGEST_WORD = 64;
    private static final int LONGEST_ERROR = 4096;
    private static final long WATCH_NANOS = 20_000_000L;
    // The judge's requests are JSON from Python's json.dumps, and every word of a case is
    // lowercase ASCII (the judge checks case files): these patterns read all that is needed.
    private static final Pattern OP = Pattern.compile("\"op\": \"([a-z]+)\"");
    private static final Pattern WORDS = Pattern.compile("\"words\": \\[([^\\]]*)\\]");
    private static final Pattern WORD = Pattern.compile("\"([a-z]*)\"");
    private static final Pattern REPLY = Pattern.compile("^\\{\"reply\": (-?[0-9]+)\\}$");
    private static final Pattern DUMP_AFTER = Pattern.compile("\"dump_after\": ([0-9.eE+-]+)");
    private static final Pattern SEED = Pattern.compile("\"seed\": ([0-9]{1,18})");
    private static final Pattern DUMP_AFTER_WALL =
        Pattern.compile("\"dump_after_wall\": ([0-9.eE+-]+)");
    /** The line before a stack dump (see PROTOCOL.md, dump_after); the judge looks for it. */
    static final String DUMP_TITLE = "Stack of the submission when its time was running out:";

    private static InputStream requests;
    private static OutputStream replies;
    private static boolean stopped;

    /** Thrown into the submission at the runaway cap: an Error, so that its
     * `catch (Exception e)` cannot swallow it. */
    static final class RunawayStop extends Error {
        RunawayStop() {
            super("stopped by the judge: too many calls to Master.guess", null, false, false);
        }
    }

    private static void send(String json) {
        try {
            replies.write((json + "\n").getBytes(StandardCharsets.UTF_8));
            replies.flush();
        } catch (IOException e) {
            Runtime.getRuntime().halt(3);  // the judge has gone
        }
    }

    /** The next request; the process ends when the judge closes the pipe. */
    private static String receive() {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b = requests.read(); b != '\n'; b = requests.read()) {
                if (b < 0) {
                    flushOutput();
                    Runtime.getRuntime().halt(0);
                }
                line.write(b);
            }
        } catch (IOException e) {
            Runtime.getRuntime().halt(0);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    static String quote(String text, int most) {
        StringBuilder out = new StringBuilder("\"");
        int shown = 0;
        for (int i = 0; i < text.length() && shown < most; i++, shown++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    static int guess(String word) {
        if (stopped) {
            throw new RunawayStop();
        }
        boolean printable = word != null && word.length() <= LONGEST_WORD;
        for (int i = 0; printable && i < word.length(); i++) {
            printable = word.charAt(i) >= 0x20 && word.charAt(i) < 0x7f;
        }
        if (printable) {
            send("{\"op\": \"guess\", \"word\": " + quote(word, LONGEST_WORD) + "}");
        } else {
            String shown = word == null ? "null" : "a string of " + word.length() + " characters: "
                + word;
            send("{\"op\": \"guess\", \"bad\": " + quote(shown, LONGEST_WORD) + "}");
        }
        String reply = receive();
        if (reply.startsWith("{\"stop\"")) {
            stopped = true;
            throw new RunawayStop();
        }
        Matcher count = REPLY.matcher(reply);
        return count.find() ? Integer.parseInt(count.group(1)) : -1;
    }

    private static void flushOutput() {
        System.out.flush();
        System.err.flush();
    }

    /** The throwable as the JVM prints an uncaught one, without the harness's frames. */
    private static String trace(Throwable thrown) {
        StringWriter text = new StringWriter();
        thrown.printStackTrace(new PrintWriter(text));
        StringBuilder kept = new StringBuilder();
        for (String line : text.toString().split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith("at java.base/jdk.internal.reflect")
                    || trimmed.startsWith("at java.base/java.lang.reflect")
                    || trimmed.startsWith("at Harness")) {
                continue;
            }
            kept.append(line).append('\n');
        }
        String all = kept.toString();
        return all.length() > LONGEST_ERROR ? all.substring(0, LONGEST_ERROR) : all;
    }

    private static void raised(String kind, Throwable thrown) {
        flushOutput();
        send("{\"op\": \"raised\", \"kind\": \"" + kind + "\", \"error\": "
            + quote(trace(thrown), LONGEST_ERROR) + "}");
    }

    /** What the submission threw, as the judge's verdict: MLE for memory, else RTE. */
    private static void raisedBy(Throwable thrown) {
        raised(thrown instanceof OutOfMemoryError ? "MLE" : "RTE", thrown);
    }

    private static volatile int caseNumber;

    private static double seconds(Pattern pattern, String request) {
        Matcher found = pattern.matcher(request);
        return found.find() ? Double.parseDouble(found.group(1)) : Double.POSITIVE_INFINITY;
    }

    /** The main thread's CPU time in seconds, from /proc (USER_HZ, 100 on Linux, ticks a
     * second); 0 when it cannot be read, and the wall mark alone stands. Read from /proc
     * rather than through java.lang.management, whose loading costs a fresh JVM more CPU
     * (about 19 ms) than the rest of the harness. */
    private static double cpuSeconds(String stat) {
        try (FileInputStream in = new FileInputStream(stat)) {
            String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            // The fields after the command's name, which may hold spaces and parentheses.
            String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The /proc file of the calling thread's statistics (its CPU time among them). */
    private static String threadStat() {
        try {
            String thread = new java.io.File("/proc/thread-self").getCanonicalFile().getName();
            return "/proc/self/task/" + thread + "/stat";
        } catch (IOException e) {
            return "/proc/thread-self/stat";  // unreadable: the wall mark alone stands
        }
    }

    /** Writes the main thread's stack to stderr once its case's CPU or wall time passes its
     * mark; a class of its own rather than a lambda, which a fresh JVM spends milliseconds
     * bootstrapping. */
    private static final class Watcher extends Thread {
        private final Thread main;
        private final String stat;
        private final int watched;
        private final double cpuMark;
        private final double wallMark;
        private final long start = System.nanoTime();
        private final double cpuStart;

        Watcher(Thread main, String stat, int watched, double cpuMark, double wallMark) {
            // Named as it is made: a thread the JVM names costs a class more to load.
            super("case-watcher");
            this.main = main;
            this.stat = stat;
            this.watched = watched;
            this.cpuMark = cpuMark;
            this.wallMark = wallMark;
            this.cpuStart = cpuSeconds(stat);
            setDaemon(true);
        }

        @Override
        public void run() {
            while (caseNumber == watched) {
                double cpu = cpuSeconds(stat) - cpuStart;
                double wall = (System.nanoTime() - start) / 1e9;
                if (cpu >= cpuMark || wall >= wallMark) {
                    StringBuilder dump = new StringBuilder(DUMP_TITLE).append('\n');
                    for (StackTraceElement frame : main.getStackTrace()) {
                        dump.append("\tat ").append(frame).append('\n');
                    }
                    System.err.print(dump);
                    System.err.flush();
                    return;
                }
                // Parked rather than asleep: Thread.sleep records an event whose classes the
                // JDK keeps out of the cache, two more for every case's JVM to read.
                LockSupport.parkNanos(WATCH_NANOS);
                if (isInterrupted()) {
                    return;
                }
            }
        }
    }

    /** The Master a submission is given; a named class rather than a lambda (see Watcher),
     * so that the training run loads it into the cache. */
    private static final class CaseMaster implements Master {
        @Override
        public int guess(String word) {
            return Harness.guess(word);
        }
    }

    private static String mainStat;

    /** Watches the case's CPU time (the main thread's) and wall time from a daemon thread. */
    private static void watch(Thread main, String request) {
        double cpuMark = seconds(DUMP_AFTER, request);
        double wallMark = seconds(DUMP_AFTER_WALL, request);
        if (Double.isInfinite(cpuMark) && Double.isInfinite(wallMark)) {
            return;
        }
        if (mainStat == null) {
            mainStat = threadStat();
        }
        new Watcher(main, mainStat, caseNumber, cpuMark, wallMark).start();
    }

    private static void play(Constructor<?> make, Method find, String request) {
        caseNumber++;
        watch(Thread.currentThread(), request);
        try {
            playWatched(make, find, request);
        } finally {
            caseNumber++;  // the watcher of this case stops
        }
    }

    private static void playWatched(Constructor<?> make, Method find, String request) {
        List<String> list = new ArrayList<>();
        Matcher words = WORDS.matcher(request);
        if (words.find()) {
            Matcher word = WORD.matcher(words.group(1));
            while (word.find()) {
                list.add(word.group(1));
            }
        }
        Matcher seed = SEED.matcher(request);
        SeededRandom.startCase(seed.find() ? Long.valueOf(seed.group(1)) : null);
        stopped = false;
        try {
            find.invoke(make.newInstance(), (Object) list.toArray(new String[0]),
                new CaseMaster());
        } catch (InvocationTargetException wrapped) {
            Throwable thrown = wrapped.getCause();
            if (thrown instanceof RunawayStop || stopped) {
                flushOutput();
                send("{\"op\": \"stopped\"}");
            } else {
                raisedBy(thrown);
            }
            return;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError
                 | StackOverflowError | OutOfMemoryError e) {
            raisedBy(e);  // the errors of the class's static code come unwrapped
            return;
        }
        flushOutput();
        send(stopped ? "{\"op\": \"stopped\"}" : "{\"op\": \"done\"}");
    }

    /** The build's training run for the JVM's ahead-of-time cache (judge/harness/java):
     * the harness's own paths once over, and the submission's classes loaded and linked but
     * never initialized, so that no code of the submission runs and the cache holds nothing
     * a case could leave for another. The classes named are loaded the same way: the
     * libraries' classes that submissions use most, so that they come from the cache too;
     * and the JDK's side of a case is done with the harness's own objects. */
    private static void train(String[] preload) {
        for (String name : preload) {
            try {
                Class.forName(name, false, Harness.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                // Not in this library's version: loaded from its jar when a case needs it.
            }
        }
        try {
            Class<?> solution = Class.forName("Solution", false, Harness.class.getClassLoader());
            solution.getDeclaredConstructor();
            solution.getDeclaredMethod("findSecretWord", String[].class, Master.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            // Not usable: each case's JVM says so as the submission's compile error.
        }
        // The harness's own classes that a case loads (not initialized: nothing runs).
        Class<?>[] harness = {Watcher.class, CaseMaster.class, RunawayStop.class,
                              SeededRandom.class};
        replies = OutputStream.nullOutputStream();
        String request = "{\"op\": \"run\", \"words\": [\"abcdef\", \"ghijkl\"], \"seed\": 1, "
            + "\"dump_after\": 5.0, \"dump_after_wall\": 10.0}";
        List<String> list = new ArrayList<>();
        Matcher words = WORDS.matcher(request);
        if (words.find()) {
            for (Matcher word = WORD.matcher(words.group(1)); word.find(); ) {
                list.add(word.group(1));
            }
        }
        OP.matcher(request).find();
        REPLY.matcher("{\"reply\": 3}").find();
        SEED.matcher(request).find();
        seconds(DUMP_AFTER, request);
        seconds(DUMP_AFTER_WALL, request);
        cpuSeconds(threadStat());
        send("{\"op\": \"guess\", \"word\": " + quote(list.get(0), LONGEST_WORD) + "}");
        trace(new RuntimeException("training"));
        // The JDK's side of what a case does with the submission, done with the harness's own
        // objects: a reflective construction, and a stream through a lambda, whose machinery
        // (the lambda's factory, the method handles behind it, the collectors) a fresh JVM
        // spends milliseconds setting up for a submission that uses one.
        try {
            CaseMaster.class.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        int length = list.get(0).length();
        list.stream().filter(word -> word.length() == length).collect(Collectors.toList());
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 1 && args[0].equals("train")) {
            train(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        // Read a pipe's worth at a time: a case's request is a line of a kilobyte or more, and
        // read() on a bare FileInputStream is a system call a byte.
        requests = new BufferedInputStream(new FileInputStream("/proc/self/fd/" + args[0]));
        // Appending: opened again by name, a pipe is unchanged, but a file given there (the
        // harness started by hand, or a descriptor the JVM took for its own runtime image)
        // would be emptied by a plain open.
        replies = new FileOutputStream("/proc/self/fd/" + args[1], true);
        if (!args[2].equals("leetcode")) {
            send("{\"op\": \"ce\", \"error\": \"JVM submissions are judged for LeetCode 843 only\"}");
            return;
        }
        Constructor<?> make;
        Method find;
        try {
            // Loaded and linked, not initialized: the class's static code runs in its first
            // case, as on LeetCode, so nothing of the submission runs before a case comes.
            Class<?> solution = Class.forName("Solution", false, Harness.class.getClassLoader());
            make = solution.getDeclaredConstructor();
            make.setAccessible(true);
            find = solution.getDeclaredMethod("findSecretWord", String[].class, Master.class);
            find.setAccessible(true);
        } catch (ReflectiveOperationException | LinkageError e) {
            send("{\"op\": \"ce\", \"error\": " + quote("no class Solution with a method "
                + "findSecretWord(String[] words, Master master): " + e, LONGEST_ERROR) + "}");
            return;
        }
        send("{\"op\": \"ready\"}");
        for (;;) {
            String request = receive();
            Matcher op = OP.matcher(request);
            String name = op.find() ? op.group(1) : "";
            if (name.equals("run")) {
                play(make, find, request);
            } else if (name.equals("exit")) {
                flushOutput();
                Runtime.getRuntime().halt(0);
            } else {
                System.err.println("harness: unexpected request " + name);
                Runtime.getRuntime().halt(3);
            }
        }
    }
}
