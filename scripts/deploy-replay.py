#!/usr/bin/env python3
"""Replays a compose file's topology on loopback, without Docker, and checks that it works:
the same tessera binary, Debian's redis-server, redis-sentinel, redis-cli, nginx and haproxy,
started with the command lines, configuration files and environment the compose file (and the
Dockerfile's ENV, ENTRYPOINT and CMD) give each service, in the order `depends_on` and the
health checks set; a one-shot service (the cluster's `redis-cli --cluster create`) runs to
completion before the services that wait for it. Only what a single machine forces is changed,
each in one place below (`Loopback`): service names become 127.0.0.1, each service listens on a
port of its own (a cluster node's bus too), data and configuration files go to a temporary
folder, and servers bind to loopback.

    scripts/deploy-replay.py PATH/TO/tessera compose.yaml
    scripts/deploy-replay.py PATH/TO/tessera deploy/compose.sentinel.yaml
    scripts/deploy-replay.py PATH/TO/tessera deploy/compose.cluster.yaml

Then, through the proxy (nginx or HAProxy) and each replica: a session created through one
replica is read, changed and read again through another and through the proxy; the replicas'
stop grace period is longer than the server's shutdown grace; where the file runs Redis
Sentinel, the master is killed, a sentinel promotes a replica, changes are accepted again
before the old master returns, the old master comes back as a replica, and the session is there
with every acknowledged change, still changeable through nginx; and where it runs a Redis
Cluster behind HAProxy, the cluster has three masters with a replica each, sessions created
through HAProxy are changed and read back through it, every request naming a session lands on
one replica (told by the replicas' /metrics), the sessions spread over every replica and every
master (their keys counted with redis-cli), when a replica stops its sessions are served by
the others at their newest version while the others' sessions stay where they were, and when a
master is killed its replica takes over, the other shards take every change meanwhile, the
shard takes changes again once the old master is back as a replica, and no acknowledged change
is lost. Run by `make test-deploy` (part of `make test`), with the Makefile's virtual
environment (PyYAML).
"""
import http.client
import json
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHUTDOWN_GRACE_SECONDS = 30  # tessera serve --shutdown-grace-seconds, its default
HAPROXY_CONF = "/usr/local/etc/haproxy/haproxy.cfg"  # where the official image reads it
STEADY_QUERIES = 200  # a session's queries back to back: one lease grant at most
CLUSTER_SESSIONS = 30  # over three masters: each holds none with odds of 3 * (2/3)^30, 2e-5


def ephemeral_low() -> int:
    """The lowest port the kernel hands out to outgoing connections."""
    try:
        return int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


PORTS_GIVEN: set[int] = set()  # never the same port to two services of one replay


def free_port() -> int:
    """A port free now and below the ephemeral range: the services start over several seconds,
    and meanwhile their outgoing connections (the cluster's bus, replication, redis-cli, health
    checks) take ephemeral ports, so a port picked there (bind to 0) was once taken before the
    replica meant to listen on it started."""
    low = ephemeral_low()
    rng = random.Random()
    for _ in range(1000):
        port = rng.randrange(10000, max(low, 10001))
        if port in PORTS_GIVEN:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        PORTS_GIVEN.add(port)
        return port
    raise SystemExit("no free port below the ephemeral range")


def binary(name: str) -> str:
    """A server from Debian's packages: on PATH, or in /usr/sbin when PATH lacks it (not root)."""
    return name if subprocess.run(["which", name], capture_output=True).returncode == 0 else f"/usr/sbin/{name}"


def dockerfile_image() -> tuple[dict[str, str], list[str]]:
    """The runtime stage's ENV and its ENTRYPOINT + CMD, as the image runs the binary."""
    text = open(os.path.join(ROOT, "Dockerfile"), encoding="utf-8").read()
    env: dict[str, str] = {}
    for line in re.findall(r"^ENV (.+)$", text, re.M):
        for pair in shlex.split(line):
            key, _, value = pair.partition("=")
            env[key] = value
    entrypoint = json.loads(re.findall(r"^ENTRYPOINT (\[.*\])$", text, re.M)[-1])
    cmd = json.loads(re.findall(r"^CMD (\[.*\])$", text, re.M)[-1])
    return env, entrypoint[1:] + cmd  # the binary itself is ours


class Loopback:
    """Everything that differs from the containers: each service's name is 127.0.0.1 and its
    container port is a port of its own."""

    def __init__(self, container_ports: dict[str, int]):
        self.container_ports = container_ports
        self.ports = {name: free_port() for name in container_ports}

    def text(self, text: str, own: str | None = None) -> str:
        """`name:port` and `name port` of every service, and the service's own
        `127.0.0.1:port` (its health check), moved to loopback."""
        for name in sorted(self.container_ports, key=len, reverse=True):
            inside, outside = self.container_ports[name], self.ports[name]
            text = re.sub(rf"(?<![\w.-]){re.escape(name)}:{inside}\b", f"127.0.0.1:{outside}", text)
            text = re.sub(rf"(?<![\w.-]){re.escape(name)} {inside}\b", f"127.0.0.1 {outside}", text)
        if own is not None:
            text = text.replace(f"127.0.0.1:{self.container_ports[own]}", f"127.0.0.1:{self.ports[own]}")
        return text

    def argv(self, argv: list[str], own: str | None = None) -> list[str]:
        """Each argument moved; an argument that is a service's name alone becomes 127.0.0.1,
        and its container port as the next argument (`--replicaof redis-a 6379`) its own."""
        moved = []
        for i, a in enumerate(argv):
            if a in self.container_ports:
                moved.append("127.0.0.1")
            elif i > 0 and argv[i - 1] in self.container_ports and a == str(self.container_ports[argv[i - 1]]):
                moved.append(str(self.ports[argv[i - 1]]))
            else:
                moved.append(self.text(a, own))
        return moved


class Topology:
    def __init__(self, tessera: str, compose_path: str):
        self.tessera = tessera
        self.compose_path = os.path.abspath(compose_path)
        self.base = os.path.dirname(self.compose_path)
        self.compose = yaml.safe_load(open(self.compose_path, encoding="utf-8"))
        self.services: dict = self.compose["services"]
        self.image_env, self.image_args = dockerfile_image()
        self.work = tempfile.mkdtemp(prefix="tessera-deploy-")
        self.processes: dict[str, subprocess.Popen] = {}
        self.loopback = Loopback({name: self.container_port(name) for name in self.services if self.kind(name) != "job"})
        self.path = self.sentinel_path()
        self.bus_ports: dict[str, int] = {}

    def sentinel_path(self) -> str:
        """PATH with `redis-sentinel`: Debian ships it in its own package, whose install starts a
        system Sentinel; it is redis-server's binary under that name (Redis picks the mode by
        its program name), so a link to redis-server serves where it is missing."""
        path = os.environ.get("PATH", "")
        if subprocess.run(["sh", "-c", "command -v redis-sentinel"], capture_output=True).returncode == 0:
            return path
        server = subprocess.run(["sh", "-c", "command -v redis-server"], capture_output=True, text=True).stdout.strip()
        if not server:
            raise SystemExit("redis-server is not installed")
        folder = os.path.join(self.work, "bin")
        os.makedirs(folder, exist_ok=True)
        os.symlink(server, os.path.join(folder, "redis-sentinel"))
        return folder + os.pathsep + path

    # MARK: What each service is

    def kind(self, name: str) -> str:
        service = self.services[name]
        if "build" in service:
            return "tessera"
        image = service.get("image", "")
        if image.startswith("nginx:"):
            return "nginx"
        if image.startswith("haproxy:"):
            return "haproxy"
        command = " ".join(self.command(name))
        if "redis-sentinel" in command:
            return "sentinel"
        # A Redis image running something other than a server is a one-shot job.
        return "redis" if not command or "redis-server" in command else "job"

    def clustered(self, name: str) -> bool:
        command = self.command(name)
        return self.kind(name) == "redis" and "--cluster-enabled" in command and command[command.index("--cluster-enabled") + 1] == "yes"

    def command(self, name: str) -> list[str]:
        command = self.services[name].get("command", [])
        return shlex.split(command) if isinstance(command, str) else list(command)

    def container_port(self, name: str) -> int:
        kind = self.kind(name)
        if kind == "tessera":
            return int(self.environment(name, moved=False).get("TESSERA_PORT", "8080"))
        if kind == "nginx":
            conf = open(self.mounted(name, "/etc/nginx/nginx.conf"), encoding="utf-8").read()
            return int(re.search(r"^\s*listen\s+(\d+)\s*;", conf, re.M).group(1))
        if kind == "haproxy":
            conf = open(self.mounted(name, HAPROXY_CONF), encoding="utf-8").read()
            return int(re.search(r"^\s*bind\s+\S*:(\d+)\s*$", conf, re.M).group(1))
        if kind == "sentinel":
            return int(re.search(r"'port (\d+)'", " ".join(self.command(name))).group(1))
        command = self.command(name)
        return int(command[command.index("--port") + 1]) if "--port" in command else 6379

    def environment(self, name: str, moved: bool = True) -> dict[str, str]:
        env = dict(self.image_env)
        given = self.services[name].get("environment", {})
        if isinstance(given, list):
            given = dict(item.split("=", 1) for item in given)
        env.update({k: str(v) for k, v in given.items()})
        if moved:
            env = {k: self.loopback.text(v) for k, v in env.items()}
            env["TESSERA_HOST"] = "127.0.0.1"
            env["TESSERA_PORT"] = str(self.loopback.ports[name])
        return env

    def mounted(self, name: str, target: str) -> str:
        """The file of this repository that a volume mounts at `target`."""
        for volume in self.services[name].get("volumes", []):
            source, inside = volume.split(":")[:2]
            if inside == target:
                return os.path.normpath(os.path.join(self.base, source))
        raise SystemExit(f"{name}: no volume mounted at {target}")

    def dependencies(self, name: str) -> dict[str, str]:
        depends = self.services[name].get("depends_on", {})
        if isinstance(depends, list):
            return {d: "service_started" for d in depends}
        return {d: (c or {}).get("condition", "service_started") for d, c in depends.items()}

    # MARK: Starting and stopping

    def start(self, name: str) -> None:
        folder = os.path.join(self.work, name)
        os.makedirs(folder, exist_ok=True)
        log = open(os.path.join(folder, "log"), "ab")
        port = self.loopback.ports.get(name)
        kind = self.kind(name)
        env = dict(os.environ, PATH=self.path)
        if kind == "tessera":
            env.update(self.environment(name))
            argv = [self.tessera] + self.image_args
        elif kind == "redis":
            argv = self.loopback.argv(self.command(name)) + ["--port", str(port), "--bind", "127.0.0.1", "--dir", folder]
            if self.clustered(name):
                # The bus listens on port + 10000 unless told: past 65535 for a high port.
                argv += ["--cluster-port", str(self.bus_ports.setdefault(name, free_port()))]
        elif kind == "job":
            argv = self.loopback.argv(self.command(name))
        elif kind == "haproxy":
            conf = self.loopback.text(open(self.mounted(name, HAPROXY_CONF), encoding="utf-8").read())
            conf = re.sub(r"^(\s*)bind\s+\S*:\d+\s*$", rf"\1bind 127.0.0.1:{port}", conf, flags=re.M)
            path = os.path.join(folder, "haproxy.cfg")
            open(path, "w", encoding="utf-8").write(conf)
            check = subprocess.run([binary("haproxy"), "-c", "-f", path], capture_output=True, text=True)
            if check.returncode != 0:
                self.fail(f"{name}: haproxy -c refuses the configuration:\n{check.stdout}{check.stderr}")
            argv = [binary("haproxy"), "-db", "-f", path]
        elif kind == "sentinel":
            script = self.loopback.text(self.command(name)[-1])
            inside = self.loopback.container_ports[name]
            script = script.replace(f"'port {inside}'", f"'port {port}' 'bind 127.0.0.1'")
            script = script.replace("/tmp/sentinel.conf", os.path.join(folder, "sentinel.conf"))
            argv = self.command(name)[:-1] + [script]
        else:
            conf = open(self.mounted(name, "/etc/nginx/nginx.conf"), encoding="utf-8").read()
            conf = self.loopback.text(conf)
            conf = re.sub(r"^(\s*)listen\s+\d+\s*;", rf"\1listen 127.0.0.1:{port};", conf, flags=re.M)
            os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
            path = os.path.join(folder, "nginx.conf")
            open(path, "w", encoding="utf-8").write(conf)
            argv = [binary("nginx"), "-p", folder, "-c", path, "-g", f"daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;"]
        self.processes[name] = subprocess.Popen(argv, stdout=log, stderr=log, env=env, start_new_session=True)

    def log_text(self, name: str) -> str:
        """What a service has written so far (its stdout and stderr)."""
        with open(os.path.join(self.work, name, "log"), "rb") as log:
            return log.read().decode("utf-8", "replace")

    def completed(self, name: str) -> bool:
        """A one-shot job's end: True once it exited 0; a failure stops the replay."""
        code = self.processes[name].poll()
        if code not in (None, 0):
            self.fail(f"{name} exited with status {code}")
        return code == 0

    def healthy(self, name: str) -> bool:
        if self.kind(name) == "job":
            return self.completed(name)
        test = self.services[name].get("healthcheck", {}).get("test")
        if not test:
            return self.listening(name)
        argv = test[1:] if test[0] == "CMD" else ["sh", "-c", test[1]]
        argv = self.loopback.argv(argv, own=name)
        if argv[0] == "redis-cli":
            argv = ["redis-cli", "-p", str(self.loopback.ports[name])] + argv[1:]
        return subprocess.run(argv, capture_output=True, timeout=10).returncode == 0

    def listening(self, name: str) -> bool:
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", self.loopback.ports[name])) == 0

    def wait(self, what: str, ready, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if ready():
                return
            time.sleep(0.2)
        self.fail(f"{what} within {seconds:.0f} s")

    def up(self) -> None:
        started: list[str] = []
        while len(started) < len(self.services):
            for name in self.services:
                if name in started or any(d not in started for d in self.dependencies(name)):
                    continue
                for dependency, condition in self.dependencies(name).items():
                    checks = {"service_completed_successfully": self.completed, "service_healthy": self.healthy}
                    check = checks.get(condition, self.listening)
                    self.wait(f"{dependency} ready for {name}", lambda d=dependency, c=check: c(d))
                self.start(name)
                started.append(name)
                break
            else:
                self.fail("depends_on has a cycle")
        for name in self.services:
            self.wait(f"{name} healthy", lambda n=name: self.healthy(n))
        print(f"up: {', '.join(f'{n} :{self.loopback.ports[n]}' if n in self.loopback.ports else f'{n} done' for n in self.services)}")

    def down(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)

    def fail(self, message: str) -> None:
        for name in self.processes:
            path = os.path.join(self.work, name, "log")
            if os.path.exists(path):
                tail = open(path, "rb").read()[-1500:].decode(errors="replace")
                print(f"--- {name} ---\n{tail}", file=sys.stderr)
        self.down()
        raise SystemExit(f"{os.path.relpath(self.compose_path, ROOT)}: {message}")

    # MARK: Checks

    def request(self, name: str, method: str, path: str, body: object = None) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.loopback.ports[name], timeout=30)
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        response = connection.getresponse()
        text = response.read()
        connection.close()
        try:
            return response.status, json.loads(text) if text else {}
        except ValueError:
            return response.status, {"text": text.decode(errors="replace")}

    def names(self, kind: str) -> list[str]:
        return [n for n in self.services if self.kind(n) == kind]

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def check_grace(self) -> None:
        for name in self.names("tessera"):
            grace = str(self.services[name].get("stop_grace_period", "10s"))
            seconds = int(re.fullmatch(r"(\d+)s", grace).group(1))
            self.expect(seconds > SHUTDOWN_GRACE_SECONDS,
                        f"{name}: stop_grace_period {grace} does not outlast the server's {SHUTDOWN_GRACE_SECONDS} s shutdown grace")

    def check_shared(self, replicas: list[str], front: str) -> str:
        body = {"layout": {"type": "flow", "itemSize": [100, 100]}, "dataSource": {"sections": [{"itemCount": 10}]},
                "view": {"bounds": [320, 480]}}
        # Under Sentinel the master takes writes once its replica is attached.
        created: dict = {}

        def create() -> bool:
            status, answer = self.request(replicas[0], "POST", "/v1/sessions", body)
            created.update(answer)
            return status == 201

        self.wait("a session created", create)
        session = f"/v1/sessions/{created['id']}"
        for name in replicas + [front]:
            status, answer = self.request(name, "GET", session)
            self.expect(status == 200 and answer.get("version") == 1, f"{name} does not see the new session: {status} {answer}")
        status, answer = self.request(replicas[1], "POST", f"{session}/updates",
                                      {"updates": [{"op": "insertItems", "indexPaths": [[0, 0]]}], "rect": [0, 0, 1, 1]})
        self.expect(status == 200 and answer.get("version") == 2, f"an update through {replicas[1]}: {status} {answer}")
        for name in [replicas[0]] + [front] * 4:
            status, answer = self.request(name, "GET", session)
            self.expect(status == 200 and answer.get("version") == 2, f"{name} does not see the update: {status} {answer}")
        print(f"shared: created through {replicas[0]}, changed through {replicas[1]}, read through every replica and {front}")
        return session

    def check_failover(self, session: str, front: str) -> None:
        sentinel = self.names("sentinel")[0]
        masters = [n for n in self.names("redis") if "--replicaof" not in self.command(n)]
        self.expect(len(masters) == 1, f"expected one Redis master, found {masters}")
        master = masters[0]
        replicas = [n for n in self.names("redis") if n != master]

        def master_port() -> int | None:
            out = subprocess.run(["redis-cli", "-p", str(self.loopback.ports[sentinel]), "sentinel", "get-master-addr-by-name", "tessera"],
                                 capture_output=True, text=True).stdout.split()
            return int(out[1]) if len(out) == 2 else None

        def role(name: str) -> str:
            out = subprocess.run(["redis-cli", "-p", str(self.loopback.ports[name]), "role"], capture_output=True, text=True).stdout
            return out.split("\n")[0].strip()

        self.expect(master_port() == self.loopback.ports[master], f"sentinel names {master_port()} as master, not {master}")
        os.killpg(self.processes[master].pid, signal.SIGKILL)
        self.processes[master].wait()
        began = time.monotonic()
        by_port = {self.loopback.ports[n]: n for n in replicas}
        self.wait(f"{sentinel} promoting a replica", lambda: master_port() in by_port, 90)
        promoted, promoted_after = by_port[master_port()], time.monotonic() - began
        change = {"updates": [{"op": "insertItems", "indexPaths": [[0, 0]]}], "rect": [0, 0, 1, 1]}
        answers: list = []

        def changed() -> bool:
            status, answer = self.request(front, "POST", f"{session}/updates", change)
            answers.append((status, answer))
            return status == 200

        # The other replica follows the promoted one, which then takes writes again: the old
        # master is not needed for that.
        self.wait("a change accepted after the failover, the old master still down", changed, 90)
        accepted_after = time.monotonic() - began
        self.expect(answers[-1][1].get("version") == 3, f"the acknowledged changes before the failover are not all there: {answers[-1]}")
        refused = sorted({status for status, _ in answers[:-1]})
        # The old master returns with its own command line; the sentinels make it a replica.
        self.start(master)
        self.wait(f"{master} back as a replica", lambda: role(master) == "slave", 90)
        for name in self.names("tessera"):
            status, answer = self.request(name, "GET", session)
            self.expect(status == 200 and answer.get("version") == 3, f"{name} after the failover: {status} {answer}")
        status, answer = self.request(front, "POST", f"{session}/updates", change)
        self.expect(status == 200 and answer.get("version") == 4, f"a change with {master} back: {status} {answer}")
        print(f"failover: {promoted} promoted {promoted_after:.1f} s after {master} was killed; changes accepted again after "
              f"{accepted_after:.1f} s ({len(answers) - 1} refused before, status {refused}); {master} back as a replica; "
              "no acknowledged change lost")

    # MARK: Redis Cluster behind HAProxy

    def redis_cli(self, name: str, *args: str) -> str:
        return subprocess.run(["redis-cli", "-p", str(self.loopback.ports[name]), *args],
                              capture_output=True, text=True, timeout=30).stdout

    def cluster_roles(self) -> dict[str, list[str]]:
        """Each master that holds slots → its replicas, as one node's CLUSTER NODES says."""
        nodes = [n for n in self.names("redis") if self.clustered(n)]
        by_port = {self.loopback.ports[n]: n for n in nodes}
        # id address@bus[,hostname] flags master ping pong epoch link slot…
        lines = [line.split() for line in self.redis_cli(nodes[0], "cluster", "nodes").splitlines() if line.strip()]
        service = {f[0]: by_port.get(int(f[1].split("@")[0].rsplit(":", 1)[1])) for f in lines}
        masters = {f[0]: [] for f in lines if "master" in f[2].split(",") and "fail" not in f[2] and len(f) > 8}
        for f in lines:
            if f[3] in masters and "fail" not in f[2]:
                masters[f[3]].append(service[f[0]])
        return dict(sorted((service[m], replicas) for m, replicas in masters.items()))

    def check_cluster(self) -> list[str]:
        nodes = [n for n in self.names("redis") if self.clustered(n)]
        self.wait("cluster_state:ok on every node", lambda: all("cluster_state:ok" in self.redis_cli(n, "cluster", "info") for n in nodes))
        # The replicas' roles reach every node by gossip, after the create has returned.
        roles: dict[str, list[str]] = {}

        def formed() -> bool:
            roles.clear()
            roles.update(self.cluster_roles())
            return len(roles) == 3 and all(len(r) == 1 for r in roles.values())

        self.wait("three masters with a replica each", formed)
        # A master refuses writes until its replica is attached (min-replicas-to-write 1).
        self.wait("every master's replica attached",
                  lambda: all("connected_slaves:1" in self.redis_cli(m, "info", "replication") for m in roles))
        print(f"cluster: {len(nodes)} nodes, masters {', '.join(f'{m} (replica {r[0]})' for m, r in roles.items())}")
        return list(roles)

    def session_requests(self, name: str) -> int:
        """Requests naming a session that this replica answered, from its /metrics."""
        status, answer = self.request(name, "GET", "/metrics")
        self.expect(status == 200, f"{name} /metrics: {status}")
        total = 0.0
        for line in answer["text"].splitlines():
            if line.startswith("tessera_http_requests_total{") and 'route="/v1/sessions/{id}' in line:
                total += float(line.rsplit(" ", 1)[1])
        return int(total)

    def store_operations(self, name: str, operation: str) -> int:
        """Store operations of one kind (`version`, `load`, …) this replica made, from its /metrics."""
        status, answer = self.request(name, "GET", "/metrics")
        self.expect(status == 200, f"{name} /metrics: {status}")
        total = 0.0
        for line in answer["text"].splitlines():
            if line.startswith("tessera_store_operations_total{") and f'operation="{operation}"' in line:
                total += float(line.rsplit(" ", 1)[1])
        return int(total)

    def check_steady_state(self, replicas: list[str], front: str, owners: dict[str, str]) -> None:
        """Queries through HAProxy reach each session's owner, whose read lease answers them
        without Redis: of 200 rect queries a session, back to back, the share that needed a
        store operation (a lease grant or a version read: `version`; a rebuild: `load`)."""
        def operations() -> int:
            return sum(self.store_operations(r, "version") + self.store_operations(r, "load") for r in replicas)

        connection = http.client.HTTPConnection("127.0.0.1", self.loopback.ports[front], timeout=30)

        def by_replica() -> dict[str, tuple[int, int]]:
            return {r: (self.store_operations(r, "version"), self.store_operations(r, "load")) for r in replicas}

        before, queries, at_start, clock = operations(), 0, by_replica(), time.monotonic()
        for sid in owners:
            for k in range(STEADY_QUERIES):
                connection.request("GET", f"/v1/sessions/{sid}/elements?rect=0,{k % 7 * 10},320,480")
                response = connection.getresponse()
                response.read()
                self.expect(response.status == 200, f"a query of {sid} through {front}: {response.status}")
                queries += 1
        connection.close()
        used, elapsed = operations() - before, time.monotonic() - clock
        share = 1 - used / queries
        at_end = by_replica()
        self.expect(share >= 0.99, f"{used} of {queries} queries through {front} needed the store in {elapsed:.1f} s "
                    f"(version reads, loads: {({r: (at_end[r][0] - at_start[r][0], at_end[r][1] - at_start[r][1]) for r in replicas})})")
        print(f"steady state: {queries} queries through {front} in {elapsed:.1f} s, {STEADY_QUERIES} a session back to "
              f"back; {used} needed a store "
              f"operation: {100 * share:.2f} % answered from the owner's copy under its lease")

    def served_by(self, replicas: list[str], requests) -> dict[str, int]:
        """Which replicas answered what `requests()` sent (nothing else names a session meanwhile)."""
        before = {r: self.session_requests(r) for r in replicas}
        requests()
        after = {r: self.session_requests(r) for r in replicas}
        return {r: after[r] - before[r] for r in replicas if after[r] != before[r]}

    def check_owners(self, replicas: list[str], front: str, masters: list[str]) -> tuple[dict[str, str], dict[str, set[str]]]:
        """Sessions created through HAProxy, each changed and read back through it: each
        session's requests all answered by one replica, every replica owning some, every
        master holding some of their keys."""
        body = {"layout": {"type": "flow", "itemSize": [100, 100]}, "dataSource": {"sections": [{"itemCount": 10}]},
                "view": {"bounds": [320, 480]}}
        ids = []
        for _ in range(CLUSTER_SESSIONS):
            status, answer = self.request(front, "POST", "/v1/sessions", body)
            self.expect(status == 201, f"a create through {front}: {status} {answer}")
            ids.append(answer["id"])
        steps = [("GET", "", None, 1),
                 ("POST", "/updates", {"updates": [{"op": "insertItems", "indexPaths": [[0, 0]]}], "rect": [0, 0, 1, 1]}, 2),
                 ("GET", "/elements?rect=0,0,320,480", None, None),
                 ("PATCH", "/view", {"contentOffset": {"x": 0, "y": 100}}, 3),
                 ("GET", "/items/0/3", None, None),
                 ("GET", "", None, 3)]
        owners: dict[str, str] = {}
        for sid in ids:
            def walk(sid=sid) -> None:
                for method, tail, step_body, version in steps:
                    status, answer = self.request(front, method, f"/v1/sessions/{sid}{tail}", step_body)
                    self.expect(status == 200 and (version is None or answer.get("version") == version),
                                f"{method} /v1/sessions/{sid}{tail} through {front}: {status} {answer}")
            served = self.served_by(replicas, walk)
            self.expect(list(served.values()) == [len(steps)],
                        f"session {sid}: its {len(steps)} requests through {front} were answered by {served}")
            owners[sid] = next(iter(served))
        share = {r: sum(1 for o in owners.values() if o == r) for r in replicas}
        self.expect(all(share.values()), f"not every replica owns a session: {share}")
        # Each session's keys share its hash tag, so one master holds all of them.
        held = {m: set(re.findall(r"^tessera:\{([0-9a-f]{32})\}", self.redis_cli(m, "--scan", "--pattern", "tessera:{*"), re.M)) & set(ids)
                for m in masters}
        for sid in ids:
            holders = [m for m in masters if sid in held[m]]
            self.expect(len(holders) == 1, f"session {sid}'s keys are on {holders or 'no master'}")
        self.expect(all(held.values()), f"not every master holds a session: {({m: len(h) for m, h in held.items()})}")
        print(f"owners: {len(ids)} sessions created through {front}, each changed and read back through it, each "
              f"answered by one replica ({', '.join(f'{r} {n}' for r, n in share.items())}); their keys on "
              f"{', '.join(f'{m} {len(h)}' for m, h in held.items())}")
        return owners, held

    def check_replica_stopped(self, replicas: list[str], front: str, owners: dict[str, str]) -> None:
        """Routing is a cache: with one replica killed (`kill -9`), its sessions are answered by
        the others at their newest version, each rebuilt from Redis once (only that replica's
        share is rebuilt), and the others' sessions stay on their owners, which rebuild none;
        no survivor takes more than twice the mean."""
        stopped = replicas[-1]
        alive = [r for r in replicas if r != stopped]
        loads_at_kill = {r: self.store_operations(r, "load") for r in alive}
        os.killpg(self.processes[stopped].pid, signal.SIGKILL)
        self.processes[stopped].wait(timeout=40)
        # HAProxy's health check (inter 1 s, fall 2) takes the replica out; until then a refused
        # connection is dispatched again to any other replica (`option redispatch`), which need
        # not be the one the hash picks once the replica is out: a session read in between was
        # rebuilt on one survivor and again on the other. So the reads wait for the check.
        if self.kind(front) == "haproxy":
            self.wait(f"{front} marking {stopped} down", lambda: f"by_session/{stopped} is DOWN" in self.log_text(front))
        self.wait(f"{front} routing around {stopped}", lambda: all(
            self.request(front, "GET", f"/v1/sessions/{sid}")[0] == 200 for sid, owner in owners.items() if owner == stopped))
        loads_before = {r: self.store_operations(r, "load") for r in alive}
        orphans = sum(1 for o in owners.values() if o == stopped)
        first_loads = sum(loads_before[r] - loads_at_kill[r] for r in alive)
        self.expect(first_loads == orphans, f"{first_loads} sessions rebuilt for the {orphans} {stopped} owned")
        moved: dict[str, str] = {}
        for sid, owner in owners.items():
            def read(sid=sid) -> None:
                status, answer = self.request(front, "GET", f"/v1/sessions/{sid}")
                self.expect(status == 200 and answer.get("version") == 3,
                            f"/v1/sessions/{sid} through {front} with {stopped} stopped: {status} {answer}")
            served = self.served_by(alive, read)
            self.expect(list(served.values()) == [1], f"session {sid} with {stopped} stopped: answered by {served}")
            (answered,) = served
            if owner != stopped:
                self.expect(answered == owner, f"session {sid} moved from {owner} to {answered} though {owner} is up")
            else:
                moved[sid] = answered
        rebuilt = {r: self.store_operations(r, "load") - loads_before[r] for r in alive}
        # The wait above already read each moved session once, on the replica that took it.
        self.expect(sum(rebuilt.values()) == 0, f"sessions rebuilt again after they moved: {rebuilt}")
        taken = {r: sum(1 for o in owners.values() if o == r) + sum(1 for a in moved.values() if a == r) for r in alive}
        mean = len(owners) / len(alive)
        self.expect(max(taken.values()) <= 2 * mean, f"a survivor took more than twice the mean: {taken}")
        print(f"{stopped} killed: its {len(moved)} sessions answered at their newest version by "
              f"{', '.join(f'{r} {sum(1 for a in moved.values() if a == r)}' for r in alive)}; the others stayed on their owners; "
              f"{first_loads} rebuilt, one each, none of the others; sessions per survivor {taken} (mean {mean:.1f}, "
              f"largest {max(taken.values()) / mean:.2f}x)")

    def check_master_killed(self, front: str, held: dict[str, set[str]]) -> None:
        """`kill -9` of a master: its replica takes over, the old master comes back after that
        (a node down for longer than cluster-node-timeout) as the new one's replica, and the
        shard takes changes again (its new master refuses them while it has no replica);
        meanwhile changes on the other shards through HAProxy all succeed, and no acknowledged
        change is lost anywhere."""
        roles = self.cluster_roles()
        victim = sorted(roles)[0]
        (heir,) = roles[victim]
        mine = sorted(held[victim])[0]
        others = [sorted(held[m])[0] for m in sorted(roles) if m != victim]
        change = {"updates": [{"op": "insertItems", "indexPaths": [[0, 0]]}], "rect": [0, 0, 1, 1]}
        start = {sid: self.request(front, "GET", f"/v1/sessions/{sid}")[1].get("version") for sid in [mine] + others}
        acknowledged: dict[str, list[int]] = {sid: [] for sid in start}
        elsewhere: list = []
        refused: list = []
        promoted_after = back_after = None
        os.killpg(self.processes[victim].pid, signal.SIGKILL)
        self.processes[victim].wait()
        began = time.monotonic()
        while back_after is None and time.monotonic() - began < 90:
            for sid in others:
                status, answer = self.request(front, "POST", f"/v1/sessions/{sid}/updates", change)
                if status == 200:
                    acknowledged[sid].append(answer.get("version"))
                else:
                    elsewhere.append((round(time.monotonic() - began, 1), sid, status, answer))
            status, answer = self.request(front, "POST", f"/v1/sessions/{mine}/updates", change)
            if status == 200:
                acknowledged[mine].append(answer.get("version"))
                if promoted_after is not None:
                    back_after = time.monotonic() - began
            else:
                refused.append(status)
            if promoted_after is None and self.redis_cli(heir, "role").split()[:1] == ["master"]:
                promoted_after = time.monotonic() - began
                self.start(victim)
            time.sleep(0.05)
        self.expect(back_after is not None, f"{victim}'s shard took no change within 90 s of its kill (refused: {sorted(set(refused))})")
        self.expect(not elsewhere, f"changes on the other shards failed while {victim} was down: {elsewhere[:5]} ({len(elsewhere)} in all)")
        for sid, versions in acknowledged.items():
            # Contiguous where nothing was refused; on the killed shard a change whose outcome
            # was unknown may have landed, so there only increasing.
            whole = list(range(start[sid] + 1, start[sid] + 1 + len(versions)))
            self.expect(versions and (versions == whole if sid != mine else versions == sorted(set(versions)) and versions[0] > start[sid]),
                        f"session {sid}: acknowledged versions {versions} after version {start[sid]}")
            for name in self.names("tessera"):
                if self.processes[name].poll() is None:
                    status, answer = self.request(name, "GET", f"/v1/sessions/{sid}")
                    self.expect(status == 200 and answer.get("version") == versions[-1],
                                f"session {sid} through {name}: {status} {answer}, last acknowledged version {versions[-1]}")
        print(f"master killed: {heir} took over {victim}'s slots {promoted_after:.1f} s after its SIGKILL; with {victim} back as "
              f"its replica, the shard took changes again at {back_after:.1f} s ({len(refused)} refused before, status "
              f"{sorted(set(refused))}); the other shards took {sum(len(acknowledged[s]) for s in others)} changes meanwhile, "
              "none refused; no acknowledged change lost")


def main() -> int:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    topology = Topology(os.path.abspath(sys.argv[1]), sys.argv[2])
    try:
        topology.check_grace()
        topology.up()
        replicas = topology.names("tessera")
        front = (topology.names("haproxy") + topology.names("nginx"))[0]
        clustered = any(topology.clustered(n) for n in topology.names("redis"))
        masters = topology.check_cluster() if clustered else []
        topology.expect(topology.request(front, "GET", "/readyz")[0] == 200, f"{front} /readyz")
        session = topology.check_shared(replicas, front)
        if topology.names("sentinel"):
            topology.check_failover(session, front)
        if clustered:
            owners, held = topology.check_owners(replicas, front, masters)
            topology.check_steady_state(replicas, front, owners)
            topology.check_replica_stopped(replicas, front, owners)
            topology.check_master_killed(front, held)
    finally:
        topology.down()
    print(f"{os.path.relpath(topology.compose_path, ROOT)}: the topology works on loopback")
    return 0


if __name__ == "__main__":
    sys.exit(main())
