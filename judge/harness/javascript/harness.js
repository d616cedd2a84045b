// The JavaScript harness: loads a LeetCode-style submission (a global `findSecretWord`, or the
// older `wordlist` signature, which is the same call) and serves LeetCode 843 cases over the
// judge's pipes (judge/harness/PROTOCOL.md).
// Usage: node [--single-threaded] harness.js SOLUTION READ_FD WRITE_FD GAME [FORK_ADDON]
// With the fork addon (fork.cc), it forks for fresh state per case as the C++ harness does.
"use strict";

const fs = require("fs");
const vm = require("vm");

const LONGEST_WORD = 64;
const LONGEST_ERROR = 4096;
const [solutionPath, readFd, writeFd, game, addonPath] = process.argv.slice(2);
const requests = Number(readFd);
const replies = Number(writeFd);
const addon = addonPath ? require(addonPath) : null;
// A forked process ends at once: Node's own exit would join threads the fork does not have.
const quit = addon ? (code) => addon.exit(code) : (code) => process.exit(code);
// Loaded and drawn from once here, in the process every fork copies: a fork that loads crypto
// compiles it anew, which cost 10 ms of each unseeded case's 11. (OpenSSL reseeds in a fork.)
const randomBytes = addon ? require("crypto").randomBytes : null;
if (randomBytes) randomBytes(4);
const send = (message) => writeAll(JSON.stringify(message) + "\n");
let pending = Buffer.alloc(0);

function writeAll(text) {
  const data = Buffer.from(text, "utf8");
  for (let done = 0; done < data.length;) {
    try {
      done += fs.writeSync(replies, data, done);
    } catch (e) {
      if (e.code !== "EAGAIN") quit(3);  // the judge has gone
    }
  }
}

// The next request; the process ends when the judge closes the pipe.
function receive() {
  const chunk = Buffer.alloc(65536);
  while (pending.indexOf(10) < 0) {
    let n;
    try {
      n = fs.readSync(requests, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === "EAGAIN" || e.code === "EINTR") continue;
      n = 0;
    }
    if (n <= 0) quit(0);
    pending = Buffer.concat([pending, chunk.subarray(0, n)]);
  }
  const end = pending.indexOf(10);
  const line = pending.subarray(0, end).toString("utf8");
  pending = pending.subarray(end + 1);
  return JSON.parse(line);
}

// Thrown into the submission at the runaway cap. A JavaScript `catch` catches anything, so a
// submission that swallows it meets it again at its next guess.
class RunawayStop {}
let stopped = false;

class Master {
  guess(word) {
    if (stopped) throw new RunawayStop();
    if (typeof word === "string" && word.length <= LONGEST_WORD) {
      send({ op: "guess", word });
    } else {
      send({ op: "guess", bad: describe(word).slice(0, LONGEST_WORD) });
    }
    const reply = receive();
    if ("stop" in reply) {
      stopped = true;
      throw new RunawayStop();
    }
    return reply.reply;
  }
}

function describe(value) {
  try {
    return typeof value === "string" ? `a string of ${value.length} characters: ${value}`
      : `${typeof value} ${String(value)}`;
  } catch (e) {
    return typeof value;
  }
}

// The error as Node prints an uncaught one, without the harness's own frames.
function errorText(error) {
  let text;
  try {
    text = error instanceof Error && error.stack ? error.stack : `Uncaught ${String(error)}`;
  } catch (e) {
    text = "Uncaught exception";
  }
  const lines = text.split("\n").filter((line) => !line.includes(__filename) &&
    !line.includes("node:internal") && !line.includes("node:vm"));
  return lines.join("\n").slice(0, LONGEST_ERROR);
}

function flushOutput() {
  // process.stdout on a pipe writes synchronously in Node, so there is nothing buffered.
}

// LeetCode's JavaScript offers lodash as `_` and the @datastructures-js queues as globals,
// without a require (its help page on the language environments). Where the judge installed
// them (NODE_PATH), each is loaded on first use, so a submission that needs none pays nothing.
function leetcodeGlobals() {
  const offered = {
    _: ["lodash", null],
    PriorityQueue: ["@datastructures-js/priority-queue", "PriorityQueue"],
    MinPriorityQueue: ["@datastructures-js/priority-queue", "MinPriorityQueue"],
    MaxPriorityQueue: ["@datastructures-js/priority-queue", "MaxPriorityQueue"],
    Queue: ["@datastructures-js/queue", "Queue"],
    Deque: ["@datastructures-js/deque", "Deque"],
  };
  for (const [name, [module, member]] of Object.entries(offered)) {
    try {
      require.resolve(module);
    } catch (e) {
      continue;  // not installed: the name stays undefined, as the README says
    }
    Object.defineProperty(globalThis, name, {
      configurable: true,
      enumerable: false,
      get() {
        const loaded = member === null ? require(module) : require(module)[member];
        Object.defineProperty(globalThis, name, { value: loaded, writable: true, configurable: true });
        return loaded;
      },
      set(value) {
        Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
      },
    });
  }
}

function load() {
  let source;
  try {
    source = fs.readFileSync(solutionPath, "utf8");
  } catch (e) {
    return `cannot read the submission: ${e.message}`;
  }
  try {
    // As a script in this context: a top-level `var findSecretWord = function...` becomes a
    // global, as on LeetCode, where `require` is at hand as in any CommonJS module.
    globalThis.require = require;
    // Named as the judge shows it the file: it names it back by the path it was given.
    vm.runInThisContext(source, { filename: solutionPath });
    const found = vm.runInThisContext("typeof findSecretWord === 'function' ? findSecretWord :" +
                                      " undefined");
    if (typeof found !== "function") return "no function findSecretWord(words, master) defined";
    return found;
  } catch (e) {
    return loadErrorText(e);
  }
}

// V8 tells a syntax error where before what ("file:line", the line, a caret, then
// "SyntaxError: ..."); the judge's one-line account of a compile error is its first line, so
// what it is goes first, as Python's says it: "SyntaxError: ... (file:line)".
function loadErrorText(error) {
  const text = errorText(error);
  try {
    if (!(error instanceof SyntaxError)) return text;
    const headline = `${error.name}: ${error.message}`;
    const [where, ...rest] = text.split("\n");
    if (where.startsWith(headline)) return text;  // thrown by the file's code as it ran
    return [`${headline} (${where})`, ...rest.filter((line) => line !== headline)].join("\n")
      .slice(0, LONGEST_ERROR);
  } catch (e) {
    return text;
  }
}

// Math.random from a seed (sfc32, its state drawn by splitmix32): V8 cannot be seeded again
// once started, and a case must play the same game for the same seed (the judge's --seed)
// whether it has a process of its own or is forked from a warm one, whatever ran there before.
function seededRandom(seed) {
  let s = (seed >>> 0) ^ (Math.floor(seed / 2 ** 32) >>> 0);
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix(), b = splitmix(), c = splitmix(), d = splitmix();
  const next = () => {
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (((c << 21) | (c >>> 11)) + t) >>> 0;
    return t;
  };
  return () => (next() * 2 ** 21 + (next() >>> 11)) / 2 ** 53;  // 53 random bits in [0, 1)
}

function play(findSecretWord, request) {
  stopped = false;
  if (typeof request.seed === "number") {
    Math.random = seededRandom(request.seed);
  } else if (forkedOnce) {
    // Unseeded, each case's fork draws anew, as a process of its own would.
    Math.random = seededRandom(randomBytes(4).readUInt32LE(0));
  }
  try {
    findSecretWord(request.words, new Master());
  } catch (e) {
    flushOutput();
    if (e instanceof RunawayStop || stopped) {
      send({ op: "stopped" });
    } else if (e instanceof RangeError && /Invalid array length|allocation failed/i.test(e.message)) {
      send({ op: "raised", kind: "MLE", error: errorText(e) });
    } else {
      send({ op: "raised", kind: "RTE", error: errorText(e) });
    }
    return;
  }
  send({ op: stopped ? "stopped" : "done" });
}

// Fresh state per case (PROTOCOL.md): the judge asks for forks, and checks them from outside.
let forkedOnce = false;  // a process forked for one case: it ends once that case is over
let refused = "";  // why the state it was forked from cannot give its case a fresh start

function serveFork(once) {
  const why = once ? addon.tidy() : "";
  const child = addon.fork(once ? 1 : 0);
  if (child === 0) {
    // Node set process.pid as it started: a fork has a number of its own, as on LeetCode.
    Object.defineProperty(process, "pid", { value: addon.pid(), enumerable: true,
                                            configurable: true });
    if (once) {
      forkedOnce = true;
      refused = why;
    } else {
      send({ op: "forked" });
    }
    return;
  }
  pending = Buffer.alloc(0);  // the child's to read: the parent only waits for it now
  send({ op: "joined", status: addon.wait(child) });
}

function main() {
  if (game !== "leetcode") {
    send({ op: "ce", error: "JavaScript submissions are judged for LeetCode 843 only" });
    return;
  }
  if (addon) {
    addon.harden(requests, replies);
    // A submission that ends the process ends it as the harness does.
    process.exit = process.reallyExit = (code) => quit(Number(code ?? process.exitCode ?? 0) | 0);
  }
  leetcodeGlobals();
  const findSecretWord = load();
  if (typeof findSecretWord !== "function") {
    send({ op: "ce", error: String(findSecretWord) });
    return;
  }
  send({ op: "ready" });
  for (;;) {
    const request = receive();
    if (request.op === "run") {
      if (refused) {
        send({ op: "raised", kind: "RTE", error: `${refused}: one case could leave its secret ` +
              "there for the next, so the judge does not play cases from this state" });
        quit(0);
      }
      play(findSecretWord, request);
      if (forkedOnce) quit(0);
    } else if (request.op === "fork" && addon) {
      serveFork(request.once === true);
    } else if (request.op === "exit") {
      quit(0);
    } else {
      process.stderr.write(`harness: unexpected request ${request.op}\n`);
      quit(3);
    }
  }
}

main();
