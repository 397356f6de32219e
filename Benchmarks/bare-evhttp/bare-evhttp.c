/*
 * The reference floor for Tessera's per-request cost: a bare libevent evhttp server that
 * does what a cached rect query needs and nothing else. It parses the request (evhttp),
 * parses the query string and the four numbers of `rect=x,y,w,h`, and answers a reply body
 * held in memory (read from a file at startup) with Content-Type and ETag headers, as
 * Tessera does. Tuned as Tessera is: TCP_NODELAY, 256 KiB writes per bufferevent, and
 * PROCESSES processes (default 2) accepting on one SO_REUSEPORT listening socket.
 *
 *   bare-evhttp PORT BODY_FILE [PROCESSES]     (PORT 0: pick one; prints "listening on PORT")
 *
 * Built by build.sh; used by Benchmarks/wrk-vs-nginx.sh and Benchmarks/callgrind-per-request.sh.
 */
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static char *body;
static size_t body_length;

static void on_request(struct evhttp_request *request, void *unused) {
    (void)unused;
    const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(request);
    const char *query = uri ? evhttp_uri_get_query(uri) : NULL;
    struct evkeyvalq params;
    double rect[4];
    int ok = 0;
    if (query && evhttp_parse_query_str(query, &params) == 0) {
        const char *text = evhttp_find_header(&params, "rect");
        char *end = (char *)text;
        ok = text != NULL;
        for (int i = 0; ok && i < 4; i++) {
            rect[i] = strtod(end, &end);
            ok = (i < 3) ? *end++ == ',' : *end == '\0';
        }
        evhttp_clear_headers(&params);
    }
    struct evkeyvalq *headers = evhttp_request_get_output_headers(request);
    evhttp_add_header(headers, "Content-Type", "application/json; charset=utf-8");
    if (!ok || rect[2] < 0 || rect[3] < 0) {
        evhttp_send_reply(request, 400, "Bad Request", NULL);
        return;
    }
    evhttp_add_header(headers, "ETag", "\"1\"");
    struct evbuffer *out = evhttp_request_get_output_buffer(request);
    evbuffer_add_reference(out, body, body_length, NULL, NULL);
    evhttp_send_reply(request, 200, "OK", NULL);
}

static struct bufferevent *make_bufferevent(struct event_base *base, void *unused) {
    (void)unused;
    struct bufferevent *bev = bufferevent_socket_new(base, -1, 0);
    if (bev) bufferevent_set_max_single_write(bev, 256 << 10);
    return bev;
}

static void on_signal(evutil_socket_t signal, short events, void *base) {
    (void)signal; (void)events;
    event_base_loopbreak(base);
}

/* One process's loop; SIGTERM/SIGINT end it normally (so callgrind writes its profile). */
static int serve(int fd) {
    struct event_base *base = event_base_new();
    struct evhttp *http = base ? evhttp_new(base) : NULL;
    if (!http || !evhttp_accept_socket_with_handle(http, fd)) return 1;
    evhttp_set_gencb(http, on_request, NULL);
    evhttp_set_bevcb(http, make_bufferevent, NULL);
    struct event *term = evsignal_new(base, SIGTERM, on_signal, base);
    struct event *interrupt = evsignal_new(base, SIGINT, on_signal, base);
    event_add(term, NULL);
    event_add(interrupt, NULL);
    event_base_dispatch(base);
    event_free(term);
    event_free(interrupt);
    evhttp_free(http);
    event_base_free(base);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s PORT BODY_FILE [PROCESSES]\n", argv[0]);
        return 64;
    }
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 66; }
    fseek(file, 0, SEEK_END);
    body_length = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    body = malloc(body_length ? body_length : 1);
    if (fread(body, 1, body_length, file) != body_length) { perror("read"); return 66; }
    fclose(file);
    int processes = argc > 3 ? atoi(argv[3]) : 2;

    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  /* inherited by accepted sockets */
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1])) };
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    socklen_t length = sizeof address;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, 1024) != 0
        || getsockname(fd, (struct sockaddr *)&address, &length) != 0) {
        perror("listen");
        return 1;
    }
    printf("listening on %d\n", ntohs(address.sin_port));
    fflush(stdout);
    signal(SIGPIPE, SIG_IGN);
    pid_t children[64];
    int forked = 0;
    for (int i = 1; i < processes && forked < 64; i++) {
        pid_t child = fork();
        if (child == 0) return serve(fd);
        if (child > 0) children[forked++] = child;
    }
    int status = serve(fd);
    /* The children by pid, not the process group: the group is the caller's (a benchmark
     * script, its shell), which a kill(0, …) took down with them. */
    for (int i = 0; i < forked; i++) kill(children[i], SIGTERM);
    while (wait(NULL) > 0) {}
    return status;
}
