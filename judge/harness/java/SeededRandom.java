// The generators of a JVM submission that would seed themselves from the clock, seeded by the
// judge instead: the build (seeding.py) makes the submission's `new Random()` one of these and
// points its Math.random(), Collections.shuffle(list) and ThreadLocalRandom.current() here,
// and the harness starts each case's generator from the case's seed (the judge's --seed), so
// that a case replays its game.
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class SeededRandom extends Random {
    private static final long serialVersionUID = 1L;
    /** The case's generator: everything that draws here or seeds itself here draws from it. */
    private static volatile Random ofTheCase = new Random();

    /** A generator made without a seed: its seed is the case generator's next number. */
    public SeededRandom() {
        super(ofTheCase.nextLong());
    }

    public SeededRandom(long seed) {
        super(seed);
    }

    /** Before each case: its seed, or null for a case whose generator draws anew. */
    static void startCase(Long seed) {
        ofTheCase = seed == null ? new Random() : new Random(seed);
    }

    /** Math.random() and StrictMath.random(). */
    public static double random() {
        return ofTheCase.nextDouble();
    }

    /** ThreadLocalRandom.current(): the case's generator, whichever thread asks. */
    public static Random current() {
        return ofTheCase;
    }

    /** Collections.shuffle(list). */
    public static void shuffle(List<?> list) {
        Collections.shuffle(list, ofTheCase);
    }

    /** The upper `bits` bits of the case generator's next number, for Kotlin's Random. */
    static int nextBits(int bits) {
        return bits == 0 ? 0 : ofTheCase.nextInt() >>> (32 - bits);
    }
}
