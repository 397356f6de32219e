#!/usr/bin/env python3
"""Replays a compose file's topology on loopback, without Docker, and checks that it works:
the same tessera binary, Debian's redis-server, redis-sentinel and nginx, started with the
command lines, configuration files and environment the compose file (and the Dockerfile's
ENV, ENTRYPOINT and CMD) give each service, in the order `depends_on` and the health checks
set. Only what a single machine forces is changed, each in one place below (`Loopback`):
service names become 127.0.0.1, each service listens on a port of its own, data and
configuration files go to a temporary folder, and servers bind to loopback.

    scripts/deploy-replay.py PATH/TO/tessera compose.yaml
    scripts/deploy-replay.py PATH/TO/tessera deploy/compose.sentinel.yaml

Then, through nginx and each replica: a session created through one replica is read, changed
and read again through the other and through nginx (round-robin, no stickiness); the replicas'
stop grace period is longer than the server's shutdown grace; and where the file runs Redis
Sentinel, the master is killed, a sentinel promotes a replica, changes are accepted again
before the old master returns, the old master comes back as a replica, and the session is there
with every acknowledged change, still changeable through nginx. Run by `make test-deploy` (part of `make test`), with the Makefile's virtual
environment (PyYAML).
"""
import http.client
import json
import os
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
        self.loopback = Loopback({name: self.container_port(name) for name in self.services})
        self.path = self.sentinel_path()

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
        command = " ".join(self.command(name))
        return "sentinel" if "redis-sentinel" in command else "redis"

    def command(self, name: str) -> list[str]:
        command = self.services[name].get("command", [])
        return shlex.split(command) if isinstance(command, str) else list(command)

    def container_port(self, name: str) -> int:
        kind = self.kind(name)
        if kind == "tessera":
            return int(self.environment(name, moved=False).get("TESSERA_PORT", "8080"))
        if kind == "nginx":
            conf = open(self.nginx_source(name), encoding="utf-8").read()
            return int(re.search(r"^\s*listen\s+(\d+)\s*;", conf, re.M).group(1))
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

    def nginx_source(self, name: str) -> str:
        for volume in self.services[name].get("volumes", []):
            source, target = volume.split(":")[:2]
            if target == "/etc/nginx/nginx.conf":
                return os.path.normpath(os.path.join(self.base, source))
        raise SystemExit(f"{name}: no nginx.conf volume")

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
        port = self.loopback.ports[name]
        kind = self.kind(name)
        env = dict(os.environ, PATH=self.path)
        if kind == "tessera":
            env.update(self.environment(name))
            argv = [self.tessera] + self.image_args
        elif kind == "redis":
            argv = self.loopback.argv(self.command(name)) + ["--port", str(port), "--bind", "127.0.0.1", "--dir", folder]
        elif kind == "sentinel":
            script = self.loopback.text(self.command(name)[-1])
            inside = self.loopback.container_ports[name]
            script = script.replace(f"'port {inside}'", f"'port {port}' 'bind 127.0.0.1'")
            script = script.replace("/tmp/sentinel.conf", os.path.join(folder, "sentinel.conf"))
            argv = self.command(name)[:-1] + [script]
        else:
            conf = open(self.nginx_source(name), encoding="utf-8").read()
            conf = self.loopback.text(conf)
            conf = re.sub(r"^(\s*)listen\s+\d+\s*;", rf"\1listen 127.0.0.1:{port};", conf, flags=re.M)
            os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
            path = os.path.join(folder, "nginx.conf")
            open(path, "w", encoding="utf-8").write(conf)
            nginx = "nginx" if subprocess.run(["which", "nginx"], capture_output=True).returncode == 0 else "/usr/sbin/nginx"
            argv = [nginx, "-p", folder, "-c", path, "-g", f"daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;"]
        self.processes[name] = subprocess.Popen(argv, stdout=log, stderr=log, env=env, start_new_session=True)

    def healthy(self, name: str) -> bool:
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
                    check = (lambda d=dependency: self.healthy(d)) if condition == "service_healthy" else (lambda d=dependency: self.listening(d))
                    self.wait(f"{dependency} ready for {name}", check)
                self.start(name)
                started.append(name)
                break
            else:
                self.fail("depends_on has a cycle")
        for name in self.services:
            self.wait(f"{name} healthy", lambda n=name: self.healthy(n))
        print(f"up: {', '.join(f'{n} :{self.loopback.ports[n]}' for n in self.services)}")

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


def main() -> int:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    topology = Topology(os.path.abspath(sys.argv[1]), sys.argv[2])
    try:
        topology.check_grace()
        topology.up()
        replicas = topology.names("tessera")
        front = topology.names("nginx")[0]
        topology.expect(topology.request(front, "GET", "/readyz")[0] == 200, f"{front} /readyz")
        session = topology.check_shared(replicas, front)
        if topology.names("sentinel"):
            topology.check_failover(session, front)
    finally:
        topology.down()
    print(f"{os.path.relpath(topology.compose_path, ROOT)}: the topology works on loopback")
    return 0


if __name__ == "__main__":
    sys.exit(main())
