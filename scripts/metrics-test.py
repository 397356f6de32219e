#!/usr/bin/env python3
"""Reads a live tessera's /metrics with a real Prometheus text parser (prometheus-client)
and checks that its counters move by exactly the requests made.

    .venv/bin/python scripts/metrics-test.py PATH/TO/tessera

Starts the binary on a free loopback port, scrapes, makes a known set of requests, scrapes
again, compares, and stops the server. Exits non-zero on any mismatch.
"""
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

FLOW = {"layout": {"type": "flow", "itemSize": [100, 100]},
        "dataSource": {"sections": [{"itemCount": 40}, {"itemCount": 2}]},
        "view": {"bounds": [390, 844]}}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def request(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def scrape(base):
    """Every sample as {(name, frozenset(labels)): value}, and the families' types."""
    status, headers, body = request(base, "GET", "/metrics")
    check(status == 200, f"/metrics answered {status}")
    check(headers.get("Content-Type") == "text/plain; version=0.0.4; charset=utf-8",
          f"/metrics content type {headers.get('Content-Type')}")
    samples, types = {}, {}
    for family in text_string_to_metric_families(body.decode()):
        types[family.name] = family.type
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples, types


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: metrics-test.py PATH/TO/tessera")
    server = subprocess.Popen([sys.argv[1], "serve", "--host", "127.0.0.1", "--port", "0", "--loops", "2",
                               "--log-level", "warning"], stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        match = re.match(r"tessera listening on (http://\S+)", first)
        if not match:
            sys.exit(f"unexpected first line: {first!r}")
        base = match.group(1)

        before, _ = scrape(base)
        status, _, body = request(base, "POST", "/v1/sessions", FLOW)
        check(status == 201, f"create answered {status}")
        session = json.loads(body)["id"]
        for _ in range(4):
            request(base, "GET", "/healthz")
        for _ in range(3):
            request(base, "GET", f"/v1/sessions/{session}/elements?rect=0,0,390,844")
        status, _, _ = request(base, "GET", f"/v1/sessions/{session}/items/7/0")
        check(status == 404, f"missing item answered {status}")
        status, _, _ = request(base, "DELETE", "/v1/sessions/" + "0" * 32)
        check(status == 404, f"missing session delete answered {status}")
        after, types = scrape(base)

        def delta(name, **labels):
            key = (name, frozenset(labels.items()))
            return after.get(key, 0) - before.get(key, 0)

        expected = [
            (("tessera_http_requests_total",), dict(method="POST", route="/v1/sessions", status="201"), 1),
            (("tessera_http_requests_total",), dict(method="GET", route="/healthz", status="200"), 4),
            (("tessera_http_requests_total",), dict(method="GET", route="/v1/sessions/{id}/elements", status="200"), 3),
            (("tessera_http_requests_total",),
             dict(method="GET", route="/v1/sessions/{id}/items/{section}/{item}", status="404"), 1),
            (("tessera_http_requests_total",), dict(method="DELETE", route="/v1/sessions/{id}", status="404"), 1),
            # The first scrape is counted after its reply, so the second one sees it.
            (("tessera_http_requests_total",), dict(method="GET", route="/metrics", status="200"), 1),
            (("tessera_http_request_duration_seconds_count",), dict(method="GET", route="/v1/sessions/{id}/elements"), 3),
            (("tessera_http_request_body_bytes_total",), dict(method="POST", route="/v1/sessions"),
             len(json.dumps(FLOW).encode())),
            # Queried and encoded twice (the first sighting is only noted, the second reply
            # kept), then one reply from the cache.
            (("tessera_reply_cache_lookups_total",), dict(result="miss"), 2),
            (("tessera_reply_cache_lookups_total",), dict(result="hit"), 1),
            (("tessera_sessions",), {}, 1),
            (("tessera_session_items",), {}, 42),
        ]
        for (name,), labels, value in expected:
            got = delta(name, **labels)
            check(got == value, f"{name}{labels} moved by {got}, expected {value}")

        for family, kind in [("tessera_http_requests", "counter"), ("tessera_http_request_duration_seconds", "histogram"),
                             ("tessera_http_response_body_bytes", "counter"), ("tessera_sessions", "gauge"),
                             ("tessera_session_items", "gauge"), ("tessera_reply_cache_lookups", "counter"),
                             ("tessera_worker_queue_depth", "gauge"), ("tessera_worker_wait_seconds", "histogram"),
                             ("tessera_event_loop_lag_seconds", "histogram")]:
            check(types.get(family) == kind, f"{family} is {types.get(family)}, expected {kind}")
        # Histogram buckets are cumulative and end at the count.
        buckets = sorted(((float(dict(labels)["le"]), value) for (name, labels), value in after.items()
                          if name == "tessera_http_request_duration_seconds_bucket"
                          and dict(labels).get("route") == "/healthz"), key=lambda pair: pair[0])
        check([v for _, v in buckets] == sorted(v for _, v in buckets), "duration buckets are not cumulative")
        check(buckets and buckets[-1][1] == after[("tessera_http_request_duration_seconds_count",
                                                    frozenset(dict(method="GET", route="/healthz").items()))],
              "the +Inf bucket differs from the count")
    finally:
        server.terminate()
        server.wait(timeout=30)

    if failures:
        print("metrics test failed:", *failures, sep="\n  ")
        sys.exit(1)
    print(f"metrics test: {len(after)} samples parsed, every counter moved as expected")


if __name__ == "__main__":
    main()
