// libevent's core, HTTP and pthreads headers. The module links event_core, event_extra and
// event_pthreads, never plain `event`, which would load libevent's core a second time.
#include <event2/event.h>
#include <event2/thread.h>
#include <event2/http.h>
#include <event2/http_struct.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/util.h>

// Thread names show in `top -H` and debuggers. pthread_setname_np is a GNU extension that
// Swift's Glibc module hides (it is declared only under _GNU_SOURCE).
#include <pthread.h>
extern int pthread_setname_np(pthread_t thread, const char *name);
static inline int eventhttp_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
