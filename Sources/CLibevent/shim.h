// libevent's core and HTTP headers. The module links event_core and event_extra, never
// plain `event`, which would load libevent's core a second time. No event_pthreads: each
// event_base belongs to one thread and has no lock (see EventLoop).
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
#include <event2/http.h>
#include <event2/http_struct.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/util.h>
// The loops' wake-up descriptors (see EventLoop.post).
#include <sys/eventfd.h>
// Taking a socket out of a loop's epoll instance directly (see EpollRegistration).
#include <sys/epoll.h>

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

// Appends one field to an evhttp header list without evhttp_add_header's checks: the
// caller has checked the bytes (see ReplyHeaderLines), and the value may span several
// header lines. Key and value are copied into malloc'd strings with the entry, as
// evhttp_add_header does: evhttp_clear_headers frees all three with libevent's free
// (plain free(3): the server installs no allocator of its own). The insertion is
// TAILQ_INSERT_TAIL written out (keyvalq_struct.h gives the list's layout, not the macro).
#include <stdlib.h>
#include <string.h>
static inline int eventhttp_append_header(struct evkeyvalq *headers, const char *key, size_t key_length,
                                          const char *value, size_t value_length) {
    struct evkeyval *entry = calloc(1, sizeof *entry);
    char *key_copy = malloc(key_length + 1), *value_copy = malloc(value_length + 1);
    if (entry == NULL || key_copy == NULL || value_copy == NULL) {
        free(entry);
        free(key_copy);
        free(value_copy);
        return -1;
    }
    memcpy(key_copy, key, key_length);
    key_copy[key_length] = '\0';
    memcpy(value_copy, value, value_length);
    value_copy[value_length] = '\0';
    entry->key = key_copy;
    entry->value = value_copy;
    entry->next.tqe_next = NULL;
    entry->next.tqe_prev = headers->tqh_last;
    *headers->tqh_last = entry;
    headers->tqh_last = &entry->next.tqe_next;
    return 0;
}
