"""Schemathesis hooks for scripts/contract-test.sh (loaded through SCHEMATHESIS_HOOKS).

openapi.yaml states every rule a single value must follow, so schemathesis generates values
the server takes. A few rules tie one part of a collection view to another, which JSON Schema
cannot say: the per-section keys a layout type reads, the layouts that need the view's
bounds, the item data each layout needs, a tree's parent links, `itemCount` agreeing with
`items`. Left alone, nearly every generated collection view breaks one of them and the run
exercises little but the 400 path. This hook makes a generated body follow them (keeping the
generated values wherever they already do), and keeps collections small so that a run stays
bounded. It changes nothing else: the server's answers are still checked against the contract.
"""
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
    if kind in _NEEDS_BOUNDS:
        view = body.get("view") if isinstance(body.get("view"), dict) else {}
        if view.get("bounds") is None:
            view["bounds"] = _BOUNDS
        body["view"] = view
    return body


@schemathesis.hook
def map_body(context, body):
    return fit_collection_view(body)
