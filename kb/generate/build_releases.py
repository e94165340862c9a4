"""Release profiles: which environment builds or docs snapshots the knowledge base describes.

Only what the facts show is recorded. A build whose operator list nobody has dumped gets
`operatorTypes: null`, never a guessed list.
"""

DOCS_2026 = "docs-2026-02"
DOCS_2025 = "docs-2025-05"
LIVE_POP_BUILD = "2025.32460"
# The product spec states this count for the live build; no list of its types is available.
SPEC_LIVE_BUILD = "2025.33070"
SPEC_LIVE_BUILD_TYPE_COUNT = 685
SPEC_PROFILE_COUNT = 7


def _in_docs_2026(op):
    docs = op.get("docs") or {}
    if docs.get("snapshot") == DOCS_2026:
        return True
    return any(DOCS_2026 in (p.get("sources") or []) for p in op.get("parameters") or [])


def _in_docs_2025(op):
    docs = op.get("docs") or {}
    return docs.get("snapshot") == DOCS_2025 or bool(docs.get("olderSnapshotPage"))


def _experimental_2025(op):
    docs = op.get("docs") or {}
    page = docs.get("olderSnapshotPage") or (docs.get("page") if docs.get("snapshot") == DOCS_2025 else None) or ""
    return page.startswith("Experimental_")


def _in_live_pop_dump(op):
    if op.get("connectorsLive"):
        return True
    return any("td-live" in (p.get("sources") or []) for p in op.get("parameters") or [])


def build_releases(fact_ops):
    ops = sorted(fact_ops, key=lambda o: o["optype"])
    docs26 = [o["optype"] for o in ops if _in_docs_2026(o)]
    docs25 = [o["optype"] for o in ops if _in_docs_2025(o)]
    exp26 = [o["optype"] for o in ops if (o.get("docs") or {}).get("namespace") == "Experimental" and _in_docs_2026(o)]
    exp25 = [o["optype"] for o in ops if _experimental_2025(o)]
    live = [o["optype"] for o in ops if _in_live_pop_dump(o)]
    return {
        "version": 1,
        "profiles": [
            {
                "id": DOCS_2026,
                "kind": "docs-snapshot",
                "date": "2026-02-13",
                "build": None,
                "families": ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"],
                "operatorTypes": docs26,
                "experimentalTypes": exp26,
                "complete": None,
                "notes": "operator pages present in the newer documentation snapshot; the build it documents is not stated",
            },
            {
                "id": DOCS_2025,
                "kind": "docs-snapshot",
                "date": "2025-05-23",
                "build": None,
                "families": ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"],
                "operatorTypes": docs25,
                "experimentalTypes": exp25,
                "complete": None,
                "notes": "operator pages present in the older documentation snapshot; POPs were documented under the Experimental namespace there",
            },
            {
                "id": "td-" + LIVE_POP_BUILD,
                "kind": "live-dump",
                "date": None,
                "build": LIVE_POP_BUILD,
                "families": ["POP"],
                "operatorTypes": live,
                "experimentalTypes": None,
                "complete": False,
                "notes": "dump of a running build covering the POP family only; other families of this build were not dumped; engineoutPOP could not be created there",
                "failedToCreate": ["engineoutPOP"],
            },
            {
                "id": "td-" + SPEC_LIVE_BUILD,
                "kind": "live-build",
                "date": None,
                "build": SPEC_LIVE_BUILD,
                "families": None,
                "operatorTypes": None,
                "operatorTypeCount": SPEC_LIVE_BUILD_TYPE_COUNT,
                "experimentalTypes": None,
                "complete": False,
                "notes": "the product specification gives only the count of operator types; run kb/dump/td_dump_operators.py in that build and import the dump to fill the list",
            },
        ],
        "specifiedProfiles": {
            "count": SPEC_PROFILE_COUNT,
            "listed": False,
            "notes": "the product specification names seven release profiles without listing them; only the profiles above are backed by facts",
        },
    }
