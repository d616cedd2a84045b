// The C++ harness: serves LeetCode 843 cases, or P8079 rounds, to a compiled submission over
// the judge's pipes (judge/harness/PROTOCOL.md). Usage: program READ_FD WRITE_FD MEMORY_MB GAME
// It is compiled for one game: with JUDGE_WC2022 defined it calls the contest's `init` and
// `guess`, else the submission's Solution::findSecretWord.
//
// It holds no secret: each guess goes to the judge, which answers with the match count.
#include <dirent.h>
#include <linux/capability.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <fstream>
#include <iostream>
#include <memory>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

#include "fresh_state.h"

class Master {
  public:
    int guess(std::string word);
};

#ifdef JUDGE_WC2022
// The contest's entry points, as its header word.h declares them.
void init(int num_scramble, const char* scramble);
const char* guess(int num_testcase, int remaining_guesses, char initial_letter, bool* gold,
                  bool* silver);
#else
void judge_find_secret_word(std::vector<std::string>& words, Master& master);
#endif

namespace {

const std::size_t LONGEST_WORD = 64;  // the protocol's limit on a guessed word
const std::size_t LONGEST_ERROR = 4096;

int requests = -1, replies = -1;
std::string pending;  // what has been read past the last request

// The judge's messages are JSON objects from Python's json.dumps: this reads them, and
// nothing fancier than they can hold.
struct Value {
    enum Kind { NUL, BOOL, NUMBER, STRING, ARRAY, OBJECT } kind = NUL;
    double number = 0;
    std::string text;
    std::vector<Value> items;
    std::vector<std::pair<std::string, Value>> fields;

    const Value* get(const std::string& name) const {
        for (const auto& field : fields)
            if (field.first == name) return &field.second;
        return nullptr;
    }
};

struct Parser {
    const std::string& s;
    std::size_t i = 0;

    void space() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    }

    static void utf8(std::string& out, unsigned code) {
        if (code < 0x80) {
            out += char(code);
        } else if (code < 0x800) {
            out += char(0xC0 | (code >> 6));
            out += char(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += char(0xE0 | (code >> 12));
            out += char(0x80 | ((code >> 6) & 0x3F));
            out += char(0x80 | (code & 0x3F));
        } else {
            out += char(0xF0 | (code >> 18));
            out += char(0x80 | ((code >> 12) & 0x3F));
            out += char(0x80 | ((code >> 6) & 0x3F));
            out += char(0x80 | (code & 0x3F));
        }
    }

    unsigned hex4() {
        if (i + 4 > s.size()) throw std::runtime_error("short \\u escape");
        unsigned code = std::stoul(s.substr(i, 4), nullptr, 16);
        i += 4;
        return code;
    }

    std::string string() {
        std::string out;
        ++i;  // the opening quote
        while (i < s.size() && s[i] != '"') {
            char c = s[i++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i >= s.size()) break;
            char e = s[i++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    unsigned code = hex4();
                    if (code >= 0xD800 && code < 0xDC00 && i + 1 < s.size() && s[i] == '\\' &&
                        s[i + 1] == 'u') {
                        i += 2;
                        unsigned low = hex4();
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    }
                    utf8(out, code);
                    break;
                }
                default: out += e;
            }
        }
        ++i;  // the closing quote
        return out;
    }

    Value value() {
        space();
        Value v;
        if (i >= s.size()) throw std::runtime_error("message ended early");
        char c = s[i];
        if (c == '{') {
            v.kind = Value::OBJECT;
            ++i;
            for (space(); i < s.size() && s[i] != '}'; space()) {
                if (s[i] == ',') { ++i; continue; }
                std::string name = string();
                space();
                ++i;  // the colon
                v.fields.emplace_back(name, value());
            }
            ++i;
        } else if (c == '[') {
            v.kind = Value::ARRAY;
            ++i;
            for (space(); i < s.size() && s[i] != ']'; space()) {
                if (s[i] == ',') { ++i; continue; }
                v.items.push_back(value());
            }
            ++i;
        } else if (c == '"') {
            v.kind = Value::STRING;
            v.text = string();
        } else if (s.compare(i, 4, "null") == 0) {
            i += 4;
        } else if (s.compare(i, 4, "true") == 0 || s.compare(i, 5, "false") == 0) {
            v.kind = Value::BOOL;
            v.number = c == 't';
            i += c == 't' ? 4 : 5;
        } else {
            v.kind = Value::NUMBER;
            std::size_t used = 0;
            v.number = std::stod(s.substr(i, 32), &used);
            i += used;
        }
        return v;
    }
};

// Valid UTF-8 passes through; anything else becomes U+FFFD, so every message is valid JSON.
std::string json_string(const std::string& s, std::size_t most) {
    std::string out = "\"";
    std::size_t shown = 0;
    for (std::size_t i = 0; i < s.size() && shown < most; ++shown) {
        unsigned char c = s[i];
        std::size_t length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3
                           : (c >> 3) == 30 ? 4 : 0;
        bool valid = length > 0 && i + length <= s.size();
        for (std::size_t k = 1; valid && k < length; ++k)
            valid = (static_cast<unsigned char>(s[i + k]) >> 6) == 2;
        if (!valid) {
            out += "\\ufffd";
            ++i;
        } else if (length > 1) {
            out += s.substr(i, length);
            i += length;
        } else {
            if (c == '"' || c == '\\') {
                out += '\\';
                out += char(c);
            } else if (c < 0x20 || c == 0x7f) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
                out += escaped;
            } else {
                out += char(c);
            }
            ++i;
        }
    }
    return out + "\"";
}

void send(const std::string& message) {
    std::string line = message + "\n";
    std::size_t done = 0;
    while (done < line.size()) {
        ssize_t n = write(replies, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(3);  // the judge has gone
        done += std::size_t(n);
    }
}

// The next request, or exit when the judge has closed the pipe.
Value receive() {
    std::size_t end;
    while ((end = pending.find('\n')) == std::string::npos) {
        char buffer[65536];
        ssize_t n = read(requests, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(0);
        pending.append(buffer, std::size_t(n));
    }
    std::string line = pending.substr(0, end);
    pending.erase(0, end + 1);
    Parser parser{line};
    return parser.value();
}

void flush_output() {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(stdout);
    std::fflush(stderr);
}

// Thrown into the submission at the runaway cap. Not a std::exception, so that
// `catch (const exception&)` cannot swallow it; `catch (...)` can, and then meets it again at
// its next guess.
struct RunawayStop {};
bool stopped = false;

std::string type_name(const char* mangled) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(
        abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
    return status == 0 && name ? name.get() : mangled;
}

void raised(const char* kind, const std::string& error) {
    flush_output();
    send(std::string("{\"op\": \"raised\", \"kind\": \"") + kind +
         "\", \"error\": " + json_string(error, LONGEST_ERROR) + "}");
}

// Runs one call into the submission; false, once what it threw is reported, if it threw.
template <typename Call>
bool guarded(Call call) {
    try {
        call();
        return true;
    } catch (const std::bad_alloc& e) {
        raised("MLE", std::string("std::bad_alloc: ") + e.what());
    } catch (const std::exception& e) {
        raised("RTE", "terminate called after throwing an instance of '" +
                          type_name(typeid(e).name()) + "'\n  what():  " + e.what());
    } catch (...) {
        raised("RTE", "terminate called after throwing an exception that is not a "
                      "std::exception");
    }
    return false;
}

#ifndef JUDGE_WC2022
void play(const Value& request) {
    std::vector<std::string> words;
    if (const Value* list = request.get("words"))
        for (const Value& word : list->items) words.push_back(word.text);
    const Value* seed = request.get("seed");
    if (seed && seed->kind == Value::NUMBER) std::srand(unsigned(seed->number));
    stopped = false;
    Master master;
    bool returned = guarded([&] {
        try {
            judge_find_secret_word(words, master);
        } catch (...) {
            // After the runaway stop, whatever ends the call ends it as stopped.
            if (!stopped) throw;
        }
    });
    if (!returned) return;
    flush_output();
    send(stopped ? "{\"op\": \"stopped\"}" : "{\"op\": \"done\"}");
}
#else
void serve_init(const Value& request) {
    const Value* n = request.get("n");
    const Value* scramble = request.get("scramble");
    std::string letters = scramble ? scramble->text : "";
    int count = n ? int(n->number) : 0;
    if (guarded([&] { init(count, letters.c_str()); })) {
        flush_output();
        send("{\"op\": \"done\"}");
    }
}

void serve_guess(const Value& request) {
    const Value* args = request.get("args");
    if (!args || args->items.size() != 5) _exit(3);
    const std::vector<Value>& a = args->items;
    bool gold[5], silver[5];
    for (int k = 0; k < 5; ++k) {
        gold[k] = k < int(a[3].items.size()) && a[3].items[k].number != 0;
        silver[k] = k < int(a[4].items.size()) && a[4].items[k].number != 0;
    }
    char letter = a[2].text.empty() ? '?' : a[2].text[0];
    const char* word = nullptr;
    if (!guarded([&] { word = guess(int(a[0].number), int(a[1].number), letter, gold, silver); }))
        return;
    flush_output();
    std::string text = word ? std::string(word, strnlen(word, LONGEST_WORD + 1)) : "";
    bool printable = word && text.size() <= LONGEST_WORD;
    for (unsigned char c : text) printable = printable && c >= 0x20 && c < 0x7f;
    if (printable) {
        send("{\"op\": \"word\", \"word\": " + json_string(text, LONGEST_WORD) + "}");
    } else {
        send("{\"op\": \"word\", \"bad\": " +
             json_string(word ? "a string that is not a word: " + text : "a null pointer",
                         LONGEST_WORD) + "}");
    }
}
#endif

#ifndef JUDGE_WC2022
// Fresh state per case (PROTOCOL.md): the judge asks for forks, and checks them from outside.

bool forked_once = false;  // a process forked for one case: it ends once that case is over
std::string refused;       // why the state it was forked from cannot give its case a fresh start

// "fork": the child serves the next requests from the state of the moment; the parent waits
// for it to end, says how it ended, and serves on from that same state. With "once" the fork
// is made ahead of its case: the child says nothing, plays the next case and ends.
void serve_fork(const Value& request) {
    const Value* once_value = request.get("once");
    bool once = once_value && once_value->kind == Value::BOOL && once_value->number != 0;
    std::string why;
    // Its forks know its addresses: while one lives, none may write its memory (/proc/PID/mem).
    // What a fork shares with this process is the judge's to check, from outside.
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    if (once) {
        why = fresh_state::empty_private_directories();
        if (why.empty()) why = fresh_state::empty_private_ipc();
        // The kernel reaps the case's fork: what it used (wait4) would reach this process.
        signal(SIGCHLD, SIG_IGN);
    }
    flush_output();  // or what is buffered would be printed twice, by parent and child
    pid_t child = fork();
    if (child < 0) _exit(3);  // the judge sees the pipe close: the case is not played
    if (child == 0) {
        prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);  // so that the judge may read its memory use
        if (once) {
            forked_once = true;
            refused = why;
            signal(SIGCHLD, SIG_DFL);  // its own children are its own
        } else {
            send("{\"op\": \"forked\"}");
        }
        return;
    }
    pending.clear();  // the child's to read: the parent only waits for it now
    int code = fresh_state::reap(child);
    send("{\"op\": \"joined\", \"status\": " + std::to_string(code) + "}");
}

#endif

}  // namespace

#ifndef JUDGE_WC2022
int Master::guess(std::string word) {
    if (stopped) throw RunawayStop();
    bool printable = word.size() <= LONGEST_WORD;
    for (unsigned char c : word) printable = printable && c >= 0x20 && c < 0x7f;
    if (printable) {
        send("{\"op\": \"guess\", \"word\": " + json_string(word, LONGEST_WORD) + "}");
    } else {
        std::string shown = word.size() <= LONGEST_WORD ? word : word.substr(0, 40) + "...";
        for (char& c : shown)
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
                c = '?';
        send("{\"op\": \"guess\", \"bad\": " +
             json_string("a string of " + std::to_string(word.size()) + " bytes: " + shown,
                         LONGEST_WORD) + "}");
    }
    Value reply = receive();
    if (reply.get("stop")) {
        stopped = true;
        throw RunawayStop();
    }
    const Value* count = reply.get("reply");
    return count ? int(count->number) : -1;
}
#endif

int main(int argc, char** argv) {
    fresh_state::end_on_signals_as_first_process();
    if (argc != 5) {
        std::fprintf(stderr, "usage: %s READ_FD WRITE_FD MEMORY_MB GAME\n", argv[0]);
        return 2;
    }
    requests = std::atoi(argv[1]);
    replies = std::atoi(argv[2]);
    long memory_mb = std::atol(argv[3]);
    std::string game = argv[4];
    if (memory_mb > 0) {
        rlimit limit{rlim_t(memory_mb) << 20, rlim_t(memory_mb) << 20};
        setrlimit(RLIMIT_AS, &limit);
    }
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
#ifndef JUDGE_WC2022
    fresh_state::become_subreaper();
    fresh_state::drop_capabilities();
    fresh_state::count_private_inodes();
#endif
#ifdef JUDGE_WC2022
    const char* built_for = "wc2022";
#else
    const char* built_for = "leetcode";
#endif
    if (game != built_for) {
        send("{\"op\": \"ce\", \"error\": \"this program was built for another game\"}");
        return 0;
    }
    send("{\"op\": \"ready\"}");
    for (;;) {
        Value request = receive();
        const Value* op = request.get("op");
        std::string name = op ? op->text : "";
#ifdef JUDGE_WC2022
        if (name == "init") {
            serve_init(request);
        } else if (name == "guess") {
            serve_guess(request);
        } else if (name == "exit") {
#else
        if (name == "run") {
            if (!refused.empty()) {
                raised("RTE", refused + ": one case could leave its secret there for the next, "
                                        "so the judge does not play cases from this state");
                _exit(0);
            }
            play(request);
            if (forked_once) {
                flush_output();
                _exit(0);
            }
        } else if (name == "fork") {
            serve_fork(request);
        } else if (name == "exit") {
#endif
            flush_output();
            _exit(0);
        } else {
            std::fprintf(stderr, "harness: unexpected request '%s'\n", name.c_str());
            _exit(3);
        }
    }
}
