/*
 * Sends the same GET COUNT times over one keep-alive connection, one at a time, and reads
 * each whole reply (Content-Length framing). The load for the callgrind per-request figure:
 * two runs of different COUNT against a server under callgrind, and the difference of
 * their instruction totals divided by the difference of COUNT is the cost of one request,
 * with startup and shutdown cancelled out.
 *
 *   keepalive-client PORT PATH COUNT    (exit status 1 on any non-200 reply)
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
    if (argc != 4) {
        fprintf(stderr, "usage: %s PORT PATH COUNT\n", argv[0]);
        return 64;
    }
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1])) };
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    char request[4096];
    int requestLength = snprintf(request, sizeof request,
                                 "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n", argv[2]);
    long count = atol(argv[3]);
    for (long i = 0; i < count; i++) {
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
