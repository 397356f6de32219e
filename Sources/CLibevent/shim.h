// libevent's core: event_base, events, evbuffers and evconnlistener. The module links only
// event_core (no evhttp, which lives in event_extra: the server parses and writes HTTP
// itself). No event_pthreads: each event_base belongs to one thread and has no lock (see
// EventLoop).
//
// libevent's headers include glibc headers (<sys/socket.h>, ...) textually, so this module
// can end up owning declarations such as SOCK_STREAM: a Swift file that imports Glibc but
// not CLibevent then fails with "cannot find 'SOCK_STREAM' in scope", depending on which
// module the compiler loaded first. Swift files using libc should import both.
//
// glibc's feature set must be fixed before any libevent header: event2/event-config.h
// defines _GNU_SOURCE, and glibc headers first read after that get GNU/XOPEN variants
// (fd_set's member becomes `fds_bits`), so the same types would differ between this
// module and Swift's Glibc module and a clean build fails with "'__fds_bits' from module
// 'SwiftGlibc' is not present in definition of 'fd_set' in module 'CLibevent'".
// <features.h> is evaluated once; later _GNU_SOURCE definitions no longer change it.
#include <features.h>
#include <event2/event.h>
#include <event2/buffer.h>
#include <event2/listener.h>
#include <event2/util.h>
// The loops' wake-up descriptors (see EventLoop.post).
#include <sys/eventfd.h>

// Thread names show in `top -H` and debuggers. pthread_setname_np is a GNU extension that
// Swift's Glibc module hides (it is declared only under _GNU_SOURCE).
#include <pthread.h>
extern int pthread_setname_np(pthread_t thread, const char *name);
static inline int eventhttp_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

// The CPUs this process may run on (its affinity mask, as `taskset` or a container's cpuset
// sets it). sched_getaffinity is declared by <sched.h> only under _GNU_SOURCE, which this
// module cannot define (see above), so it is declared here with a plain buffer.
extern int sched_getaffinity(int pid, size_t cpusetsize, void *mask);
static inline int eventhttp_affinity_cpu_count(void) {
    unsigned long mask[16] = {0};  // 1024 CPUs, glibc's cpu_set_t
    if (sched_getaffinity(0, sizeof mask, mask) != 0) return 0;
    int count = 0;
    for (int i = 0; i < 16; i++) count += __builtin_popcountl(mask[i]);
    return count;
}
// POLLRDHUP (the peer shut its side down) is Linux's and, like the above, declared only
// under _GNU_SOURCE; its value is fixed by the kernel ABI.
static const short eventhttp_poll_read_hang_up = 0x2000;
