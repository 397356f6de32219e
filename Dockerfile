# syntax=docker/dockerfile:1
# Build: the same step `make build` runs, with the Swift runtime linked statically so the
# runtime image needs only libevent's core, zlib, SQLite and hiredis. Every image is pinned to
# an exact version listed in deploy/IMAGES.md (`make test-deploy` holds them to it): the
# toolchain is the tested 6.3.1, and Package.swift pins its packages exactly.
FROM swift:6.3.1-bookworm AS build
WORKDIR /src
RUN apt-get update \
 && apt-get install -y --no-install-recommends libevent-dev=2.1.* zlib1g-dev=1:1.2.* pkg-config=1.8.* \
    libsqlite3-dev=3.40.* libhiredis-dev=0.14.* \
 && rm -rf /var/lib/apt/lists/*
COPY Package.swift ./
# Dependencies in their own layer: a source change does not fetch them again.
RUN swift package resolve
COPY Sources ./Sources
COPY Benchmarks ./Benchmarks
COPY Tests ./Tests
RUN swift build -c release --product tessera --static-swift-stdlib \
 && install -D "$(swift build -c release --show-bin-path)/tessera" /out/tessera

# Runtime: Debian slim with the runtime libraries the binary links (libevent_core, zlib,
# SQLite, hiredis), a non-root user, a health check. Sessions persist in a SQLite database on
# a volume by default; set TESSERA_STORE=redis://HOST:PORT to share them between replicas
# (see compose.yaml). `docker stop` must wait longer than the server's shutdown grace (30 s):
# `docker stop -t 40`, or stop_grace_period as the compose files set it.
FROM debian:bookworm-20260803-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libevent-core-2.1-7=2.1.* zlib1g=1:1.2.* curl=7.* \
    libsqlite3-0=3.40.* libhiredis0.14=0.14.* \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home tessera \
 && mkdir -p /var/lib/tessera && chown 10001 /var/lib/tessera
COPY --from=build /out/tessera /usr/local/bin/tessera
USER 10001
VOLUME ["/var/lib/tessera"]
ENV TESSERA_HOST=0.0.0.0 TESSERA_PORT=8080 TESSERA_STORE=sqlite:/var/lib/tessera/sessions.db
EXPOSE 8080
# Through sh: the check follows TESSERA_PORT when `docker run -e TESSERA_PORT=…` moves the
# server (in a container, set the port through the variable rather than --port).
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["sh", "-c", "curl -fsS -o /dev/null \"http://127.0.0.1:${TESSERA_PORT:-8080}/healthz\" || exit 1"]
ENTRYPOINT ["/usr/local/bin/tessera"]
CMD ["serve"]
