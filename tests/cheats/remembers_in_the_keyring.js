// remembers_in_the_keyring.py from JavaScript, which has no add_key of its own: a Python child
// process stores each secret found in the kernel's user keyring, which every process of one
// user shares, and later cases skip the words stored there. The sandbox's system-call filter
// is inherited by the child and refuses the keyring calls (EPERM).
const { execFileSync } = require("child_process");

const KEYRING = `
import ctypes, sys
SYS_ADD_KEY, SYS_REQUEST_KEY, USER_KEYRING = 248, 249, -4  # x86_64
libc = ctypes.CDLL(None, use_errno=True)
if sys.argv[1] == "remember":
    word = sys.argv[2]
    libc.syscall(SYS_ADD_KEY, b"user", ("guess-judge-cheat:" + word).encode(), word.encode(),
                 len(word), USER_KEYRING)
else:
    print(" ".join(w for w in sys.argv[2:]
                   if libc.syscall(SYS_REQUEST_KEY, b"user",
                                   ("guess-judge-cheat:" + w).encode(), None, 0) > 0))
`;

function keyring(...args) {
    try {
        return execFileSync("python3", ["-c", KEYRING, ...args], { encoding: "utf8" }).trim();
    } catch (e) {
        return "";
    }
}

var findSecretWord = function (words, master) {
    const learned = keyring("recall", ...words).split(" ").filter((w) => w);
    console.log("learned: " + learned.join(" "));
    for (const word of words) {
        if (learned.includes(word)) continue;
        if (master.guess(word) === 6) {
            keyring("remember", word);
            return;
        }
    }
};
