# The deployment files, checked without Docker (deploy/IMAGES.md, docs/deployment.md):
#   make test-deploy   every image pinned as deploy/IMAGES.md lists it, then each compose
#                      file's topology replayed on loopback (scripts/deploy-replay.py) with the
#                      debug build, Debian's redis-server, nginx and haproxy: a change through
#                      one replica seen through the others and the proxy, under Sentinel a
#                      failover, and on the Redis Cluster each session answered by one replica
#                      behind HAProxy, the sessions spread over the three masters.
.PHONY: deploy-deps test-deploy

deploy-deps: $(VENV)/.installed
	@command -v redis-server >/dev/null && command -v redis-cli >/dev/null || { \
	  echo "installing redis-server"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; }
	@command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { \
	  echo "installing nginx-light"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light; }
	@command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || { \
	  echo "installing haproxy"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy; }

test-deploy: deploy-deps
	python3 scripts/check-image-pins.py
	@bin="$$($(SWIFT) build --show-bin-path)/tessera"; [ -x "$$bin" ] || $(SWIFT) build --product tessera
	$(VENV_BIN)/python scripts/deploy-replay.py "$$($(SWIFT) build --show-bin-path)/tessera" compose.yaml
	$(VENV_BIN)/python scripts/deploy-replay.py "$$($(SWIFT) build --show-bin-path)/tessera" deploy/compose.sentinel.yaml
	$(VENV_BIN)/python scripts/deploy-replay.py "$$($(SWIFT) build --show-bin-path)/tessera" deploy/compose.cluster.yaml
