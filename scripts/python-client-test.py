#!/usr/bin/env python3
"""Generates a Python client from openapi.yaml with openapi-python-client and drives a live
tessera server with it: create a session, query a rect, apply an update; then create a session
with identifiers, apply a changed snapshot and an identifier operation, and read the snapshot.

    scripts/python-client-test.py PATH/TO/tessera

Run with the Makefile's virtual environment (`make test-python-client`), where
openapi-python-client is installed. Fails when the generator warns about anything (a warning
means an operation or a schema left out of the client), or when an answer differs from what
the layout rules give (worked out below).
"""
import importlib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENT = os.path.join(ROOT, "openapi.yaml")
CONFIG = os.path.join(ROOT, "scripts", "python-client-config.yaml")
GENERATOR = os.path.join(os.path.dirname(sys.executable), "openapi-python-client")


def generate(into: str) -> None:
    package = os.path.join(into, "tessera_client")
    run = subprocess.run([GENERATOR, "generate", "--path", DOCUMENT, "--config", CONFIG,
                          "--meta", "none", "--output-path", package],
                         capture_output=True, text=True)
    output = (run.stdout + run.stderr).strip()
    # A clean run prints only "Generating <path>"; anything else is a warning about a part of
    # the document the client leaves out.
    extra = [line for line in output.splitlines() if line.strip() and not line.startswith("Generating ")]
    if run.returncode != 0 or extra:
        sys.exit(f"openapi-python-client did not take openapi.yaml whole:\n{output}")
    operations = sum(len([f for f in files if f.endswith(".py") and f != "__init__.py"])
                     for _, _, files in os.walk(os.path.join(package, "api")))
    declared = len(re.findall(r"^      operationId: ", open(DOCUMENT, encoding="utf-8").read(), re.M))
    if operations != declared:
        sys.exit(f"the Python client has {operations} operations, openapi.yaml declares {declared}")
    print(f"generated the Python client: {operations} operations")


def start_server(binary: str) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--loops", "1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+)", first)
    if not match:
        server.kill()
        sys.exit(f"unexpected first line from tessera: {first!r}")
    return server, match.group(1)


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)


def drive(base_url: str) -> None:
    from tessera_client import Client
    from tessera_client.api.elements import list_elements
    from tessera_client.api.sessions import create_session
    from tessera_client.api.updates import apply_updates
    from tessera_client.models import (CellPlanEntry, CountedSection, DataSource, ElementsPage,
                                       FlowLayout, FlowLayoutType, InsertItemsOperation,
                                       InsertItemsOperationOp, LayoutRequest, PlanResult,
                                       SessionCreated, SizeObject, UpdatesRequest, ViewInput)

    client = Client(base_url=base_url, raise_on_unexpected_status=True)
    # A vertical flow of 5 items of 100 × 100 (spacings 10) in a 390-wide view: 3 per line
    # (docs/flow.md R5.1, floor((10 + 390) / (10 + 100))), columns at x 0, 145, 290 (R5.2,
    # pitch 100 + (390 − 300) / 2), lines at y 0 and 110, content height 210 (R5.4).
    created = create_session.sync(client=client, body=LayoutRequest(
        layout=FlowLayout(type_=FlowLayoutType.FLOW, item_size=[100, 100]),
        data_source=DataSource(sections=[CountedSection(item_count=5)]),
        view=ViewInput(bounds=SizeObject(width=390, height=844))))
    expect(isinstance(created, SessionCreated), f"createSession answered {created!r}")
    expect(created.version == 1, f"version {created.version}")
    expect((created.content_size.width, created.content_size.height) == (390, 210),
           f"content size {created.content_size}")

    page = list_elements.sync(created.id, client=client, rect="0,0,390,100")
    expect(isinstance(page, ElementsPage), f"listElements answered {page!r}")
    frames = [(e.frame.x, e.frame.y, e.frame.width, e.frame.height) for e in page.elements]
    expect(frames == [(0, 0, 100, 100), (145, 0, 100, 100), (290, 0, 100, 100)], f"frames {frames}")

    # An item inserted at the front: the old first line moves one column on, its last item
    # wrapping to (0, 110); the new item fades in at (0, 0).
    plan = apply_updates.sync(created.id, client=client, body=UpdatesRequest(
        updates=[InsertItemsOperation(op=InsertItemsOperationOp.INSERTITEMS, index_paths=[[0, 0]])],
        rect=[0, 0, 390, 100]))
    expect(isinstance(plan, PlanResult), f"applyUpdates answered {plan!r}")
    expect(plan.version == 2, f"version {plan.version}")
    cells = [entry for entry in plan.plan if isinstance(entry, CellPlanEntry)]
    expect([entry.change.value for entry in cells] == ["insert", "move", "move", "move"],
           f"changes {[entry.change for entry in cells]}")
    ends = [(entry.to.attributes.frame.x, entry.to.attributes.frame.y) for entry in cells]
    expect(ends == [(0, 0), (145, 0), (290, 0), (0, 110)], f"final origins {ends}")
    expect(cells[0].from_.attributes.alpha == 0, "the inserted item starts transparent")
    print("the Python client created a session, queried a rect and applied an update")


def drive_snapshots(base_url: str) -> None:
    from tessera_client import Client
    from tessera_client.api.sessions import create_session
    from tessera_client.api.snapshots import apply_snapshot, apply_snapshot_operations, get_snapshot
    from tessera_client.models import (CellPlanEntry, DataSource, DeleteItemsOperation, FlowLayout,
                                       FlowLayoutType, IdentifiedSection, InsertItemsOperation,
                                       LayoutRequest, MoveItemOperation, MoveItemSnapshotOperation,
                                       MoveItemSnapshotOperationOp, ReloadItemsOperation, SessionCreated,
                                       SizeObject, Snapshot, SnapshotOperationsRequest, SnapshotRequest,
                                       SnapshotResult, SnapshotSection, ViewInput)
    from tessera_client.types import Unset

    client = Client(base_url=base_url, raise_on_unexpected_status=True)
    # The grid above with identifiers (docs/snapshots.md): section 1 holds "a" … "e", lines at
    # y 0 and 110. The new snapshot moves "e" to the front, drops "c", appends the new item 7
    # and reloads "a": a, b, d keep their order, so "e" is the one move.
    created = create_session.sync(client=client, body=LayoutRequest(
        layout=FlowLayout(type_=FlowLayoutType.FLOW, item_size=[100, 100]),
        data_source=DataSource(sections=[IdentifiedSection(id=1, item_ids=["a", "b", "c", "d", "e"])]),
        view=ViewInput(bounds=SizeObject(width=390, height=844))))
    expect(isinstance(created, SessionCreated), f"createSession answered {created!r}")

    answer = apply_snapshot.sync(created.id, client=client, body=SnapshotRequest(
        sections=[SnapshotSection(id=1, items=["e", "a", "b", "d", 7])], reloaded=["a"], rect=[0, 0, 390, 100]))
    expect(isinstance(answer, SnapshotResult), f"applySnapshot answered {answer!r}")
    expect(answer.version == 2, f"version {answer.version}")
    updates = [(type(op), op.to_dict()) for op in answer.updates]
    expect(updates == [(DeleteItemsOperation, {"op": "deleteItems", "indexPaths": [[0, 2]]}),
                       (InsertItemsOperation, {"op": "insertItems", "indexPaths": [[0, 4]]}),
                       (MoveItemOperation, {"op": "moveItem", "from": [0, 4], "to": [0, 0]}),
                       (ReloadItemsOperation, {"op": "reloadItems", "indexPaths": [[0, 0]]})], f"updates {updates}")
    expect(answer.reconfigured == [], f"reconfigured {answer.reconfigured}")
    # The first line before or after: "e" comes up from (145, 110), "a" (reloaded) and "b"
    # shift one column on, "c" fades out where it was.
    cells = [entry for entry in answer.plan if isinstance(entry, CellPlanEntry)]
    expect([entry.change.value for entry in cells] == ["move", "reload", "move", "delete"],
           f"changes {[entry.change for entry in cells]}")
    starts = [(entry.from_.attributes.frame.x, entry.from_.attributes.frame.y) for entry in cells]
    ends = [(entry.to.attributes.frame.x, entry.to.attributes.frame.y) for entry in cells]
    expect(starts == [(145, 110), (0, 0), (145, 0), (290, 0)], f"initial origins {starts}")
    expect(ends == [(0, 0), (145, 0), (290, 0), (290, 0)], f"final origins {ends}")
    expect(cells[-1].to.attributes.alpha == 0, "the deleted item ends transparent")

    # One operation by identifier, without animation: 7 moves from the end to the front.
    moved = apply_snapshot_operations.sync(created.id, client=client, body=SnapshotOperationsRequest(
        operations=[MoveItemSnapshotOperation(op=MoveItemSnapshotOperationOp.MOVEITEM, item=7, before_item="e")],
        animating_differences=False))
    expect(isinstance(moved, SnapshotResult), f"applySnapshotOperations answered {moved!r}")
    expect(moved.version == 3, f"version {moved.version}")
    expect([op.to_dict() for op in moved.updates] == [{"op": "moveItem", "from": [0, 4], "to": [0, 0]}],
           f"updates {moved.updates}")
    expect(isinstance(moved.plan, Unset), "no plan without animatingDifferences")

    snapshot = get_snapshot.sync(created.id, client=client)
    expect(isinstance(snapshot, Snapshot), f"getSnapshot answered {snapshot!r}")
    expect(snapshot.version == 3, f"version {snapshot.version}")
    expect([(s.id, s.items) for s in snapshot.sections] == [(1, [7, "e", "a", "b", "d"])],
           f"sections {snapshot.sections}")
    print("the Python client applied a snapshot and an identifier operation and read the snapshot")


def main() -> int:
    if len(sys.argv) != 2 or not os.access(sys.argv[1], os.X_OK):
        print(f"usage: {sys.argv[0]} PATH/TO/tessera", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        generate(work)
        sys.path.insert(0, work)
        importlib.invalidate_caches()
        server, base_url = start_server(sys.argv[1])
        try:
            drive(base_url)
            drive_snapshots(base_url)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
