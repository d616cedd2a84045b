// What a harness that forks does so that every case of a list starts from the same state and
// finds nothing of an earlier case (judge/harness/PROTOCOL.md, "Fresh state per case"): the
// C++ harness and the Node.js harness's fork addon (judge/harness/javascript/fork.cc) both
// include it.
#ifndef JUDGE_FRESH_STATE_H
#define JUDGE_FRESH_STATE_H

#include <dirent.h>
#include <pthread.h>
#include <linux/capability.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace fresh_state {

inline std::vector<std::string> private_directories() {
    std::vector<std::string> found;
    const char* names = std::getenv("JUDGE_PRIVATE_DIRECTORIES");
    std::stringstream list(names ? names : "");
    for (std::string name; std::getline(list, name, ':');)
        if (!name.empty()) found.push_back(name);
    return found;
}

inline long inodes_used(const std::string& directory) {
    struct statvfs stats;
    if (statvfs(directory.c_str(), &stats) != 0) return -1;
    return long(stats.f_files - stats.f_ffree);
}

// What the private directories hold as the harness starts: the sandbox's own mount points.
inline std::vector<std::pair<std::string, long>> inodes_at_start;

inline void count_private_inodes() {
    for (const std::string& directory : private_directories())
        inodes_at_start.emplace_back(directory, inodes_used(directory));
}

// Remove what the solution wrote to its private directories; what could not be removed (empty
// when all was). By hand, not recursively: the solution chooses how deep its folders go.
inline std::string empty_private_directories() {
    for (const auto& [directory, at_start] : inodes_at_start) {
        struct stat top;
        if (at_start < 0 || lstat(directory.c_str(), &top) != 0) continue;
        std::vector<std::string> walked, todo{directory};
        while (!todo.empty()) {
            std::string folder = todo.back();
            todo.pop_back();
            walked.push_back(folder);
            DIR* entries = opendir(folder.c_str());
            if (!entries) continue;
            while (dirent* entry = readdir(entries)) {
                std::string name = entry->d_name;
                if (name == "." || name == "..") continue;
                std::string path = folder + "/" + name;
                struct stat found;
                if (lstat(path.c_str(), &found) != 0 || found.st_dev != top.st_dev)
                    continue;  // a mount point of the sandbox's, read-only
                if (S_ISDIR(found.st_mode))
                    todo.push_back(path);
                else
                    unlink(path.c_str());
            }
            closedir(entries);
        }
        for (std::size_t k = walked.size(); k-- > 1;) rmdir(walked[k].c_str());
        long left = inodes_used(directory) - at_start;
        if (left > 0)
            return std::to_string(left) + " files in " + directory +
                   " that the judge could not remove";
    }
    return "";
}

// In a sandbox whose IPC namespace is the worker's own, System V objects outlive the process
// that made them: every one is removed before each case.
inline std::string empty_private_ipc() {
    const char* own = std::getenv("JUDGE_PRIVATE_IPC");
    if (!own || std::string(own) != "1") return "";
    const std::pair<const char*, int (*)(int)> removers[] = {
        {"shm", [](int id) { return shmctl(id, IPC_RMID, nullptr); }},
        {"msg", [](int id) { return msgctl(id, IPC_RMID, nullptr); }},
        {"sem", [](int id) { return semctl(id, 0, IPC_RMID); }}};
    for (const auto& [kind, remove] : removers) {
        std::ifstream table(std::string("/proc/sysvipc/") + kind);
        std::string line;
        std::getline(table, line);  // the column names
        while (std::getline(table, line)) {
            std::istringstream columns(line);
            long key = 0, id = -1;
            if (!(columns >> key >> id)) continue;
            if (remove(int(id)) != 0)
                return std::string("a System V IPC object (") + kind +
                       ") that the judge could not remove";
        }
    }
    return "";
}

// Orphaned grandchildren come back to the harness, where the judge can still find them; and
// the harness dies with the judge, should the judge be killed before it can clean up.
inline void become_subreaper() {
    pid_t parent = getppid();
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != parent) _exit(1);  // the judge died before the line above
}

// The solution runs with no capability, even as root: it cannot trace, signal or write what
// its user's processes may not (the list's warm process among them), and executing a program
// cannot give any back.
inline void drop_capabilities() {
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    for (int capability = 0; capability <= 63; ++capability)
        prctl(PR_CAPBSET_DROP, capability, 0, 0, 0);
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct none[2] = {};
    syscall(SYS_capset, &header, none);
}

// Where the judge is not root, the harness is its sandbox's first process (PROTOCOL.md), to
// which the kernel delivers no signal from inside that it has no handler for: abort() (a
// failed assert) would go on to end in SIGSEGV, raise(SIGTERM) would do nothing. So each
// signal that ends a process by default, and has no handler yet, gets one that ends it with
// the status bubblewrap's own first process reports for a process that signal ended: 128 plus
// its number. A fork is no longer the first process: there the default comes back.
inline void end_on_signal(int signum) { _exit(128 + signum); }

constexpr int SIGNALS_THAT_END[] = {SIGHUP,  SIGINT,  SIGQUIT,   SIGILL,  SIGTRAP, SIGABRT,
                                    SIGBUS,  SIGFPE,  SIGUSR1,   SIGSEGV, SIGUSR2, SIGPIPE,
                                    SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM,
                                    SIGPROF, SIGIO,   SIGPWR,    SIGSYS};

template <typename Each>
void for_each_signal_that_ends(Each each) {
    for (int signum : SIGNALS_THAT_END) each(signum);
    for (int signum = SIGRTMIN; signum <= SIGRTMAX; ++signum) each(signum);
}

inline bool handled_here(int signum) {
    struct sigaction now {};
    return sigaction(signum, nullptr, &now) == 0 && !(now.sa_flags & SA_SIGINFO) &&
           now.sa_handler == end_on_signal;
}

inline void default_endings_in_forks() {
    for_each_signal_that_ends([](int signum) {
        if (handled_here(signum)) signal(signum, SIG_DFL);
    });
}

// `runtime_endings`: a handler already there that the kernel resets as it runs (SA_RESETHAND)
// is the runtime's, which tidies up and raises the signal again, to end by its default (Node's
// for SIGINT and SIGTERM): it is replaced too. Otherwise only the default is.
inline void end_on_signals_as_first_process(bool runtime_endings = false) {
    if (getpid() != 1) return;
    for_each_signal_that_ends([runtime_endings](int signum) {
        struct sigaction now {};
        if (sigaction(signum, nullptr, &now) != 0) return;
        bool by_default = !(now.sa_flags & SA_SIGINFO) && now.sa_handler == SIG_DFL;
        bool then_by_default = runtime_endings && (now.sa_flags & SA_RESETHAND);
        if (!by_default && !then_by_default)
            return;  // a handler of the submission's (its static constructors ran first)
        struct sigaction ending {};
        ending.sa_handler = end_on_signal;
        sigaction(signum, &ending, nullptr);
    });
    pthread_atfork(nullptr, nullptr, default_endings_in_forks);
}

// Once a fork has ended: how it ended, its exit code or minus the signal that killed it (0 for
// one the kernel or the submission reaped). The parent, undumpable while the fork lived (its
// memory is at the fork's addresses), is dumpable again.
inline int reap(pid_t child) {
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno == EINTR) continue;
        status = 0;  // reaped by the kernel (a case's fork), or by the submission
        break;
    }
    prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : 0;
}

}  // namespace fresh_state

#endif
