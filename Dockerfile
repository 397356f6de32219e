# syntax=docker/dockerfile:1
# Build: the same step `make build` runs, with the Swift runtime linked statically so the
# runtime image needs only libevent, zlib, SQLite and hiredis.
FROM swift:6.3-bookworm AS build
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

# Runtime: Debian slim with libevent's, zlib's, SQLite's and hiredis's runtime libraries, a non-root
# user, a health check. Sessions persist in a SQLite database on a volume by default; set
# TESSERA_STORE=redis://HOST:PORT to share them between replicas (see compose.yaml).
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libevent-2.1-7=2.1.* libevent-core-2.1-7=2.1.* \
    libevent-extra-2.1-7=2.1.* zlib1g=1:1.2.* curl=7.* \
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
