/*
 * Sends the same GET COUNT times over one keep-alive connection, one at a time, and reads
 * each whole reply (Content-Length framing). The load for the callgrind per-request figure:
 * two runs of different COUNT against a server under callgrind, and the difference of
 * their instruction totals divided by the difference of COUNT is the cost of one request,
 * with startup and shutdown cancelled out.
 *
 *   keepalive-client PORT PATH COUNT [SPAN]    (exit status 1 on any non-200 reply)
 *
 * With SPAN, PATH is a printf format with one %ld, filled for each request with a new
 * offset in [0, SPAN): the scrolling workload, a rect the server has not answered before.
 * The offsets come from a fixed-seed generator, so two runs send the same first requests
 * and the difference of their totals is the cost of the extra ones.
 */
#define _GNU_SOURCE  /* strcasestr */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

static char buffer[1 << 22];

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: %s PORT PATH COUNT [SPAN]\n", argv[0]);
        return 64;
    }
    long span = argc == 5 ? atol(argv[4]) : 0;
    unsigned long long state = 0x9E3779B97F4A7C15ull;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1])) };
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    char request[4096], path[2048];
    int requestLength = snprintf(request, sizeof request,
                                 "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n", argv[2]);
    long count = atol(argv[3]);
    for (long i = 0; i < count; i++) {
        if (span > 0) {
            /* xorshift64*: a new offset each request, the same sequence each run. */
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
            long offset = (long)((state * 0x2545F4914F6CDD1Dull) >> 11) % span;
            snprintf(path, sizeof path, argv[2], offset);
            requestLength = snprintf(request, sizeof request,
                                     "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n", path);
        }
        if (write(fd, request, (size_t)requestLength) != requestLength) { perror("write"); return 1; }
        size_t have = 0;
        long expected = -1;
        for (;;) {
            ssize_t n = read(fd, buffer + have, sizeof buffer - have - 1);
            if (n <= 0) { fprintf(stderr, "connection closed after %ld replies\n", i); return 1; }
            have += (size_t)n;
            buffer[have] = 0;
            char *headEnd = strstr(buffer, "\r\n\r\n");
            if (!headEnd) continue;
            if (expected < 0) {
                if (strncmp(buffer, "HTTP/1.1 200", 12) != 0) {
                    fprintf(stderr, "reply %ld: %.*s\n", i, (int)(strchr(buffer, '\r') - buffer), buffer);
                    return 1;
                }
                char *field = strcasestr(buffer, "\r\nContent-Length:");
                if (!field || field > headEnd) { fprintf(stderr, "no Content-Length\n"); return 1; }
                expected = (long)(headEnd + 4 - buffer) + atol(field + 17);
            }
            if ((long)have >= expected) break;
        }
    }
    close(fd);
    return 0;
}
