// The Node.js harness's fork addon: what harness.js needs of the system to give every case of
// a list a fresh state by forking, as the C++ and Python harnesses do (PROTOCOL.md). Built by
// `make node-packages` (g++ and Node's own headers); without it the judge starts a new
// process for each case instead.
//
// Node runs threads of its own, which a fork does not copy; harness.js starts Node with
// --single-threaded, so V8 never waits on them, and serves cases synchronously, so the event
// loop never runs. A forked process ends with _exit: Node's own exit joins threads that the
// fork does not have.
#include <node_api.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>
#include <string>
#include <vector>

#include "fresh_state.h"

namespace {

// An open descriptor and what it refers to: a number alone may be closed and taken again.
using Descriptors = std::map<int, std::pair<dev_t, ino_t>>;

Descriptors open_descriptors() {
    Descriptors found;
    if (DIR* fds = opendir("/proc/self/fd")) {
        int own = dirfd(fds);
        while (dirent* entry = readdir(fds)) {
            if (entry->d_name[0] == '.') continue;
            int fd = std::atoi(entry->d_name);
            struct stat about;
            if (fd != own && fstat(fd, &about) == 0) found[fd] = {about.st_dev, about.st_ino};
        }
        closedir(fds);
    }
    return found;
}

// Node's own descriptors as the harness starts (its event loop's epoll and eventfd, libuv's
// signal pipes): none of them may be shared by a case's fork with the list's process.
Descriptors node_descriptors;
int requests = -1, replies = -1;

// In a fork: what the fork itself made (libuv's handler for forks makes its signal lock pipe
// anew) and, in the list's process, Node's own descriptors become /dev/null, open for reading
// and writing, which carries nothing: Node still writes to its eventfd (V8 posting a task
// wakes the loop, which never runs here) and reads and writes its lock pipe (a process that
// starts a child waits for it through a signal), and aborts if either fails. The judge's
// pipes and stdio stay as they are.
void silence_what_a_fork_would_share(const Descriptors& before, bool list) {
    int nothing = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (nothing < 0) _exit(3);
    for (const auto& [fd, identity] : open_descriptors()) {
        if (fd <= 2 || fd == requests || fd == replies || fd == nothing) continue;
        auto was = before.find(fd);
        auto node = node_descriptors.find(fd);
        bool made_by_fork = was == before.end() || was->second != identity;
        bool nodes = list && node != node_descriptors.end() && node->second == identity;
        if (made_by_fork || nodes) dup3(nothing, fd, O_CLOEXEC);
    }
    close(nothing);
}

// V8 keeps its heap out of forks (MADV_DONTFORK, on every region it maps): a fork without it
// would crash at its first touch of a JavaScript object.
void keep_memory_in_forks() {
    FILE* maps = std::fopen("/proc/self/maps", "r");
    if (!maps) return;
    unsigned long start = 0, end = 0;
    char line[4096];
    while (std::fgets(line, sizeof line, maps))
        if (std::sscanf(line, "%lx-%lx", &start, &end) == 2)
            madvise(reinterpret_cast<void*>(start), end - start, MADV_DOFORK);
    std::fclose(maps);
}

napi_value number(napi_env env, double value) {
    napi_value result;
    napi_create_double(env, value, &result);
    return result;
}

std::vector<double> arguments(napi_env env, napi_callback_info info, std::size_t count) {
    std::vector<napi_value> given(count);
    std::size_t passed = count;
    napi_get_cb_info(env, info, &passed, given.data(), nullptr, nullptr);
    std::vector<double> values(count, 0);
    for (std::size_t i = 0; i < passed && i < count; ++i)
        napi_get_value_double(env, given[i], &values[i]);
    return values;
}

// harden(requests, replies): at start, before the submission loads (as the C++ harness's main
// does), with the judge's two pipes.
napi_value Harden(napi_env env, napi_callback_info info) {
    std::vector<double> pipes = arguments(env, info, 2);
    requests = int(pipes[0]);
    replies = int(pipes[1]);
    fresh_state::become_subreaper();
    fresh_state::drop_capabilities();
    fresh_state::count_private_inodes();
    node_descriptors = open_descriptors();
    return nullptr;
}

// tidy(): before a case's fork, what the sandbox gives the worker alone is emptied; why the
// state cannot be played from, or "".
napi_value Tidy(napi_env env, napi_callback_info) {
    std::string why = fresh_state::empty_private_directories();
    if (why.empty()) why = fresh_state::empty_private_ipc();
    napi_value result;
    napi_create_string_utf8(env, why.c_str(), why.size(), &result);
    return result;
}

// fork(once): the child's process id in the parent, 0 in the child. The list's process (not
// once) silences Node's own descriptors. The parent is undumpable while its fork lives (none
// may write its memory, /proc/PID/mem), until wait(); the child is dumpable, for the judge to
// read its memory.
napi_value Fork(napi_env env, napi_callback_info info) {
    bool once = arguments(env, info, 1)[0] != 0;
    keep_memory_in_forks();
    Descriptors before = open_descriptors();
    // The kernel reaps a case's fork: what it used (wait4) would reach this process.
    if (once) signal(SIGCHLD, SIG_IGN);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    pid_t child = fork();
    if (child < 0) _exit(3);  // the judge sees the pipe close: the case is not played
    if (child == 0) {
        silence_what_a_fork_would_share(before, !once);
        prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
        if (once) signal(SIGCHLD, SIG_DFL);  // its own children are its own
    }
    return number(env, child);
}

// wait(pid): how the child ended: its exit code, or minus the signal that killed it.
napi_value Wait(napi_env env, napi_callback_info info) {
    return number(env, fresh_state::reap(pid_t(arguments(env, info, 1)[0])));
}

// pid(): this process's number, which Node reads once as it starts (process.pid).
napi_value Pid(napi_env env, napi_callback_info) {
    return number(env, getpid());
}

// exit(code): at once, without Node's own exit.
napi_value Exit(napi_env env, napi_callback_info info) {
    _exit(int(arguments(env, info, 1)[0]));
}

napi_value Init(napi_env env, napi_value exports) {
    fresh_state::end_on_signals_as_first_process(true);  // loaded before the submission
    const napi_property_descriptor functions[] = {
        {"harden", nullptr, Harden, nullptr, nullptr, nullptr, napi_default, nullptr},
        {"tidy", nullptr, Tidy, nullptr, nullptr, nullptr, napi_default, nullptr},
        {"fork", nullptr, Fork, nullptr, nullptr, nullptr, napi_default, nullptr},
        {"wait", nullptr, Wait, nullptr, nullptr, nullptr, napi_default, nullptr},
        {"exit", nullptr, Exit, nullptr, nullptr, nullptr, napi_default, nullptr},
        {"pid", nullptr, Pid, nullptr, nullptr, nullptr, napi_default, nullptr},
    };
    napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions);
    return exports;
}

}  // namespace

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
