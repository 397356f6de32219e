"""Schemathesis hooks for scripts/contract-test.sh (loaded through SCHEMATHESIS_HOOKS).

openapi.yaml states every rule a single value must follow, so schemathesis generates values
the server takes. A few rules tie one part of a collection view to another, which JSON Schema
cannot say: the per-section keys a layout type reads, the layouts that need the view's
bounds, the item data each layout needs, a tree's parent links, `itemCount` agreeing with
`items`. Left alone, nearly every generated collection view breaks one of them and the run
exercises little but the 400 path. This hook makes a generated body follow them (keeping the
generated values wherever they already do), and keeps collections small so that a run stays
bounded. It changes nothing else: the server's answers are still checked against the contract.

Identifiers (docs/snapshots.md) tie parts together too: a data source has them on every section
and item or on none, each unique; a snapshot names each identifier once and reloads only its
own items; identifier operations name sections and items the session has. Generated
identifiers are kept where they follow these rules and replaced where they do not.
"""
import itertools

import schemathesis

# The per-section keys each layout type reads (docs/api.md, "Per-section layout").
_FLOW_SECTION_KEYS = {"itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
                      "headerReferenceSize", "footerReferenceSize"}
_SECTION_KEYS = {
    "flow": _FLOW_SECTION_KEYS,
    "line": _FLOW_SECTION_KEYS,
    "waterfall": {"columnCount", "minimumColumnSpacing", "minimumInteritemSpacing", "sectionInset",
                  "headerHeight", "footerHeight", "headerInset", "footerInset"},
}
# Layouts that cannot work without `view.bounds` (the tree and the justified layout can).
_NEEDS_BOUNDS = {"flow", "line", "column", "waterfall", "coverFlow", "circle", "stack", "compositional"}
_MAX_ITEMS = 40
_COMPACT_KEYS = ("sizes", "heights", "aspectRatios")
_BOUNDS = [390, 844]


def _positive(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def _item_for(kind: str, item):
    """The generated item when the layout can use it, else a plain one of the right shape."""
    has = (lambda key: isinstance(item, dict) and item.get(key) is not None)
    if kind in ("flow", "line"):
        return item if has("size") or isinstance(item, list) else [50, 50]
    if kind == "waterfall":
        return item if has("size") or isinstance(item, list) else {"size": [100, 150]}
    if kind == "column":
        return {"height": item["height"]} if has("height") else {"height": 40}
    if kind == "justified":
        if _positive(item) or (has("aspectRatio") and _positive(item["aspectRatio"])):
            return item
        if isinstance(item, list) and all(_positive(v) for v in item):
            return item
        return 1.5
    return {}  # the tree (children are rebuilt), cover flow, circle and stack read no item data


def _fit_section(kind: str, section):
    if not isinstance(section, dict):
        return section
    items = section.get("items")
    if isinstance(items, list):
        section["items"] = [_item_for(kind, item) for item in items[:_MAX_ITEMS]]
        section.pop("itemCount", None)
    elif isinstance(section.get("itemCount"), int):
        section["itemCount"] = min(section["itemCount"], _MAX_ITEMS)
        if kind in ("waterfall", "justified", "column"):  # these need item data
            section["items"] = [_item_for(kind, None)] * section.pop("itemCount")
    elif isinstance(section.get("itemIds"), list) and not any(k in section for k in _COMPACT_KEYS):
        section["itemIds"] = section["itemIds"][:_MAX_ITEMS]
        if kind in ("waterfall", "justified", "column"):  # the count alone: these need item data
            section["items"] = [_item_for(kind, None) for _ in section["itemIds"]]
    layout = section.get("layout")
    if isinstance(layout, dict):
        section["layout"] = {key: value for key, value in layout.items() if key in _SECTION_KEYS.get(kind, ())}
    return section


def _fit_tree(layout: dict, sections: list) -> list:
    # One section of roots: a later section would need each item's one parent listed.
    insets = layout.get("insets")
    if isinstance(insets, (int, float)) and not isinstance(insets, bool):
        layout["insets"] = abs(insets)
    elif isinstance(insets, dict):
        layout["insets"] = {edge: abs(v) if isinstance(v, (int, float)) else v for edge, v in insets.items()}
    return sections[:1]


# ------------------------------------------------------------------------ identifiers

_IDENTIFIER_KEYS = ("id", "itemIds")
# Fresh identifiers, unique across the run (a snapshot's new items must be new to the session).
_fresh = (f"fresh-{n}" for n in itertools.count())


def _is_identifier(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) <= 2**53
    return isinstance(value, str) and len(value.encode("utf-8")) <= 256


def _unique(value, seen: set):
    """The generated identifier when it is one and new (`1` and `"1"` differ), else a fresh one."""
    key = (type(value).__name__, value)
    if not _is_identifier(value) or key in seen:
        value = next(_fresh)
        key = ("str", value)
    seen.add(key)
    return value


def _item_count(section: dict) -> int:
    if isinstance(section.get("items"), list):
        return len(section["items"])
    if isinstance(section.get("itemCount"), int):
        return section["itemCount"]
    if isinstance(section.get("sizes"), list):
        return len(section["sizes"]) // 2
    for key in ("heights", "aspectRatios", "itemIds"):
        if isinstance(section.get(key), list):
            return len(section[key])
    return 0


def _strip_identifiers(section):
    """A section (and its listed items) without identifiers; `itemIds` alone becomes a count."""
    if not isinstance(section, dict):
        return section
    ids = section.pop("itemIds", None)
    section.pop("id", None)
    if isinstance(ids, list) and not any(k in section for k in ("items", "itemCount") + _COMPACT_KEYS):
        section["itemCount"] = len(ids)
    for item in section.get("items") or []:
        if isinstance(item, dict):
            item.pop("id", None)
    return section


def _fit_identifiers(data_source: dict) -> None:
    """All sections and items with unique identifiers, or none with any."""
    sections = [s for s in data_source.get("sections") or [] if isinstance(s, dict)]
    declared = data_source.get("identifiers")
    wanted = declared is True or (declared is not False and any(
        k in s for s in sections for k in _IDENTIFIER_KEYS))
    if not wanted:
        for section in sections:
            _strip_identifiers(section)
        return
    section_ids, item_ids = set(), set()
    for section in sections:
        section["id"] = _unique(section.get("id"), section_ids)
        items = section.get("items")
        if isinstance(items, list):  # copies: a fitted section may repeat one item object
            items = section["items"] = [dict(item) if isinstance(item, dict) else item for item in items]
        if isinstance(items, list) and all(isinstance(item, dict) for item in items) and "itemIds" not in section:
            for item in items:
                item["id"] = _unique(item.get("id"), item_ids)
            continue
        for item in items or []:
            if isinstance(item, dict):
                item.pop("id", None)
        if isinstance(items, list):
            section.pop("itemIds", None)
            section["items"] = [item if isinstance(item, dict) else {"size": item} if isinstance(item, list)
                                else {"aspectRatio": item} for item in items]
            for item in section["items"]:
                item["id"] = _unique(None, item_ids)
            continue
        given = section.get("itemIds") if isinstance(section.get("itemIds"), list) else []
        section["itemIds"] = [_unique(given[k] if k < len(given) else None, item_ids)
                              for k in range(_item_count(section))]


def fit_collection_view(body):
    """Makes a body with `layout` and `dataSource` follow the cross-field rules above."""
    if not isinstance(body, dict):
        return body
    layout, data_source = body.get("layout"), body.get("dataSource")
    if not isinstance(layout, dict) or not isinstance(data_source, dict):
        return body
    kind = layout.get("type")
    sections = data_source.get("sections")
    if isinstance(sections, list):
        sections = [_fit_section(kind, section) for section in sections[:8]]
        if kind == "tree":
            sections = _fit_tree(layout, sections)
        data_source["sections"] = sections
        _fit_identifiers(data_source)
    if kind in _NEEDS_BOUNDS:
        view = body.get("view") if isinstance(body.get("view"), dict) else {}
        if view.get("bounds") is None:
            view["bounds"] = _BOUNDS
        body["view"] = view
    return body


def fit_updates(body):
    """Batch updates go to a session without identifiers: their new sections take none."""
    if isinstance(body, dict) and isinstance(body.get("updates"), list):
        for op in body["updates"]:
            if isinstance(op, dict) and isinstance(op.get("data"), list):
                op["data"] = [_strip_identifiers(section) for section in op["data"]]
            if isinstance(op, dict) and isinstance(op.get("items"), list):
                for item in op["items"]:
                    if isinstance(item, dict):
                        item.pop("id", None)
    return body


# The snapshot operations' session (scripts/contract-test.sh) is a flow layout with a fixed
# itemSize: items need no data, and a section's own layout takes the flow's keys.
_SNAPSHOT_KIND = "flow"


def _snapshot_item(entry, items: set, with_data: bool):
    """An item entry of a snapshot, with a unique identifier and the data a flow reads."""
    if isinstance(entry, dict):
        value = entry.get("id")
        size = entry.get("size")
    else:
        value, size = entry, None
    value = _unique(value, items)
    if not with_data:
        return value
    return {"id": value, "size": size if isinstance(size, (list, dict)) else [50, 50]}


def _section_layout(entry: dict) -> None:
    layout = entry.get("layout")
    if isinstance(layout, dict):
        entry["layout"] = {k: v for k, v in layout.items() if k in _SECTION_KEYS[_SNAPSHOT_KIND]}


def fit_snapshot(body):
    """A whole snapshot with unique identifiers, reloading and reconfiguring its own items.
    When any item comes with data, every item does (a section whose items carry data wants
    it for a new item)."""
    if not isinstance(body, dict) or not isinstance(body.get("sections"), list):
        return body
    sections = [s for s in body["sections"][:8] if isinstance(s, dict)]
    with_data = any(isinstance(e, dict) for s in sections for e in s.get("items") or [])
    section_ids, item_ids = set(), set()
    named = []
    for section in sections:
        section["id"] = _unique(section.get("id"), section_ids)
        _section_layout(section)
        items = section.get("items")
        if isinstance(items, list):
            section["items"] = [_snapshot_item(e, item_ids, with_data) for e in items[:_MAX_ITEMS]]
            named += [e["id"] if isinstance(e, dict) else e for e in section["items"]]
    body["sections"] = sections
    for key in ("reloaded", "reconfigured"):
        if isinstance(body.get(key), list):
            body[key] = named[:len(body[key])]
    return body


def fit_snapshot_operations(body):
    """Operations that name what the snapshot has when they run. The session's snapshot is not
    known here, so the operations first make it known: `deleteAllItems`, then two sections of
    three items; the generated operations are then mapped onto that snapshot as it changes."""
    if not isinstance(body, dict) or not isinstance(body.get("operations"), list):
        return body
    # Every item is new to the session's snapshot (the operations rebuild it), so all come with
    # data or none does: a new item without data is refused where its section's items have some.
    with_data = any(isinstance(op, dict) and op.get("op") in ("appendItems", "insertItems")
                    and isinstance(op.get("items"), list) and any(isinstance(e, dict) for e in op["items"])
                    for op in body["operations"][:6])

    def entry(value):
        return {"id": value, "size": [50, 50]} if with_data else value

    sections = {next(_fresh): [next(_fresh) for _ in range(3)] for _ in range(2)}
    ops = [{"op": "deleteAllItems"}, {"op": "appendSections", "sections": list(sections)}]
    ops += [{"op": "appendItems", "items": [entry(i) for i in items], "toSection": s} for s, items in sections.items()]

    def all_items():
        return [i for items in sections.values() for i in items]

    def pick(values, avoid=None):
        values = [v for v in values if v != avoid]
        return values[len(ops) % len(values)] if values else None

    def anchor(op, what, values, avoid=None):
        keep = "before" + what if "before" + what in op or "after" + what not in op else "after" + what
        op.pop("before" + what, None)
        op.pop("after" + what, None)
        target = pick(values, avoid)
        if target is None:
            return None
        op[keep] = target
        return keep, target

    def new_items(op):
        entries = op.get("items") if isinstance(op.get("items"), list) else []
        op["items"] = [entry(next(_fresh)) for _ in entries[:4]]
        return [e["id"] if isinstance(e, dict) else e for e in op["items"]]

    def new_sections(op):
        entries = op.get("sections") if isinstance(op.get("sections"), list) else []
        fitted = []
        for e in entries[:3]:
            if isinstance(e, dict):
                e["id"] = next(_fresh)
                _section_layout(e)
                fitted.append(e)
            else:
                fitted.append(next(_fresh))
        op["sections"] = fitted
        return [e["id"] if isinstance(e, dict) else e for e in fitted]

    for op in body["operations"][:6]:
        if not isinstance(op, dict):
            continue
        kind = op.get("op")
        if kind == "appendSections":
            for s in new_sections(op):
                sections[s] = []
        elif kind == "insertSections":
            placed = anchor(op, "Section", list(sections))
            if placed is None:
                continue
            ids = new_sections(op)
            order = list(sections)
            at = order.index(placed[1]) + (placed[0] == "afterSection")
            order[at:at] = ids
            sections = {s: sections.get(s, []) for s in order}
        elif kind == "deleteSections":
            gone = pick(list(sections))
            if gone is None:
                continue
            op["sections"] = [gone]
            del sections[gone]
        elif kind == "moveSection":
            moving = pick(list(sections))
            placed = anchor(op, "Section", list(sections), avoid=moving)
            if placed is None:
                continue
            op["section"] = moving
            order = [s for s in sections if s != moving]
            at = order.index(placed[1]) + (placed[0] == "afterSection")
            order.insert(at, moving)
            sections = {s: sections[s] for s in order}
        elif kind == "appendItems":
            target = pick(list(sections))
            if target is None:
                continue
            op["toSection"] = target
            sections[target] += new_items(op)
        elif kind == "insertItems":
            placed = anchor(op, "Item", all_items())
            if placed is None:
                continue
            ids = new_items(op)
            for items in sections.values():
                if placed[1] in items:
                    at = items.index(placed[1]) + (placed[0] == "afterItem")
                    items[at:at] = ids
        elif kind in ("deleteItems", "reloadItems", "reconfigureItems"):
            target = pick(all_items())
            if target is None:
                continue
            op["items"] = [target]
            if kind == "deleteItems":
                for items in sections.values():
                    if target in items:
                        items.remove(target)
        elif kind == "deleteAllItems":
            sections = {}
        elif kind == "moveItem":
            moving = pick(all_items())
            placed = anchor(op, "Item", all_items(), avoid=moving)
            if placed is None:
                continue
            op["item"] = moving
            for items in sections.values():
                if moving in items:
                    items.remove(moving)
            for items in sections.values():
                if placed[1] in items:
                    items.insert(items.index(placed[1]) + (placed[0] == "afterItem"), moving)
        else:
            continue
        ops.append(op)
    body["operations"] = ops
    return body


_BY_OPERATION = {
    "POST /v1/sessions/{id}/updates": fit_updates,
    "PUT /v1/sessions/{id}/snapshot": fit_snapshot,
    "POST /v1/sessions/{id}/snapshot/operations": fit_snapshot_operations,
}


@schemathesis.hook
def map_body(context, body):
    operation = getattr(context, "operation", None)
    fit = _BY_OPERATION.get(getattr(operation, "label", None), fit_collection_view)
    return fit(body)
