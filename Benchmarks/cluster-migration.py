#!/usr/bin/env python3
"""How long a Redis Cluster node stops answering while a slot holding one large session moves
(issue 39, chunked images). Two masters on loopback; the slot of one tag holds either one hash
with a 32 MiB field (a session image kept whole) or 32 string keys of 1 MiB (the chunks a
cluster store writes). The slot is moved with MIGRATE as `redis-cli --cluster reshard` does:
the keys of the slot, `--cluster-pipeline` of them per MIGRATE (1 and 10, its default). A
client sends PING to the source node in a loop meanwhile: the longest wait is how long every
other session on that node waits too.

    python3 Benchmarks/cluster-migration.py [RUNS]

Prints, per layout, the longest PING wait and the migration's wall time (medians of RUNS, 5 by
default), and each as a ratio to the whole-image figure measured in the same run."""
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

MIB = 1 << 20


def free_port():
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port + 10000 < 65536:
            return port


class Conn:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.file = self.sock.makefile("rb")

    def send(self, *args):
        out = [b"*%d\r\n" % len(args)]
        for a in args:
            a = a if isinstance(a, bytes) else str(a).encode()
            out.append(b"$%d\r\n%s\r\n" % (len(a), a))
        self.sock.sendall(b"".join(out))

    def reply(self):
        line = self.file.readline()
        kind, rest = line[:1], line[1:-2]
        if kind in (b"+", b":"):
            return rest
        if kind == b"-":
            raise RuntimeError(rest.decode())
        if kind == b"$":
            n = int(rest)
            if n < 0:
                return None
            data = self.file.read(n + 2)
            return data[:-2]
        if kind == b"*":
            return [self.reply() for _ in range(int(rest))]
        raise RuntimeError("unexpected reply %r" % line)

    def call(self, *args):
        self.send(*args)
        return self.reply()


def start_node(directory, port):
    return subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--cluster-enabled", "yes", "--cluster-config-file", f"{directory}/nodes-{port}.conf",
         "--dir", directory, "--logfile", "/dev/null", "--proto-max-bulk-len", str(64 * MIB)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_up(port):
    for _ in range(200):
        try:
            if Conn(port).call("PING") == b"PONG":
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"redis-server on {port} did not start")


def one_run(layout, pipeline):
    directory = tempfile.mkdtemp()
    ports = [free_port(), free_port()]
    nodes = [start_node(directory, p) for p in ports]
    try:
        for p in ports:
            wait_up(p)
        a, b = Conn(ports[0]), Conn(ports[1])
        a.call("CLUSTER", "ADDSLOTSRANGE", 0, 16383)
        a.call("CLUSTER", "MEET", "127.0.0.1", ports[1])
        for _ in range(200):
            if b"cluster_state:ok" in b.call("CLUSTER", "INFO") and len(b.call("CLUSTER", "NODES").splitlines()) == 2:
                break
            time.sleep(0.05)
        tag = "session"
        slot = int(a.call("CLUSTER", "KEYSLOT", "{%s}" % tag))
        image = os.urandom(32 * MIB)
        if layout == "whole":
            a.call("HSET", "tessera:{%s}" % tag, "s", image, "v", 1)
        else:
            a.call("HSET", "tessera:{%s}" % tag, "v", 1, "sk", "n", "sc", 32)
            for n in range(32):
                a.call("SET", "tessera:{%s}:s:n:%d" % (tag, n), image[n * MIB:(n + 1) * MIB])
        a_id, b_id = a.call("CLUSTER", "MYID").decode(), b.call("CLUSTER", "MYID").decode()
        b.call("CLUSTER", "SETSLOT", slot, "IMPORTING", a_id)
        a.call("CLUSTER", "SETSLOT", slot, "MIGRATING", b_id)
        waits, stop = [], threading.Event()

        def pinger():
            c = Conn(ports[0])
            while not stop.is_set():
                t = time.perf_counter()
                c.call("PING")
                waits.append(time.perf_counter() - t)

        thread = threading.Thread(target=pinger)
        thread.start()
        time.sleep(0.2)
        started = time.perf_counter()
        while True:
            keys = a.call("CLUSTER", "GETKEYSINSLOT", slot, pipeline)
            if not keys:
                break
            a.call("MIGRATE", "127.0.0.1", ports[1], "", 0, 60000, "KEYS", *keys)
        elapsed = time.perf_counter() - started
        time.sleep(0.2)
        stop.set()
        thread.join()
        return max(waits), elapsed
    finally:
        for n in nodes:
            n.kill()
            n.wait()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    cases = [("whole", 10, "one hash, a 32 MiB image field"), ("chunks", 1, "32 chunk keys of 1 MiB, 1 per MIGRATE"),
             ("chunks", 10, "32 chunk keys of 1 MiB, 10 per MIGRATE (redis-cli's default)")]
    results = {}
    for case in cases:
        samples = [one_run(case[0], case[1]) for _ in range(runs)]
        results[case] = (statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples))
    base = results[cases[0]]
    print(f"slot migration of one 32 MiB session on loopback, medians of {runs} runs (redis-server {subprocess.run(['redis-server', '--version'], capture_output=True, text=True).stdout.split()[2]})")
    print(f"{'layout':<62} {'longest PING wait':>18} {'ratio':>6} {'migration':>10} {'ratio':>6}")
    for case in cases:
        wait, elapsed = results[case]
        print(f"{case[2]:<62} {wait * 1000:>15.1f} ms {wait / base[0]:>6.2f} {elapsed * 1000:>7.0f} ms {elapsed / base[1]:>6.2f}")


if __name__ == "__main__":
    main()
