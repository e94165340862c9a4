"""POST /api/kb/dump: a page of the running build's operator types, read for `svc kb sync --live`.

Each request makes its own scratch COMP at the root, reads the types after `after` (family order,
then td.families order) until its time budget is spent (at least one type), and destroys the scratch
COMP before it answers, whatever happened: nothing stays between requests, and the next page resumes
from `next_after`. Not an undo block (what it makes is gone when it answers).
"""

import secrets
import time

import td

from .. import kb_dump
from ..body import check_known_fields, get_int, get_str, get_str_list
from ..errors import BridgeError

DEFAULT_BUDGET_MS = 50
MAX_BUDGET_MS = 200


def dump(ctx):
    body = ctx.body
    check_known_fields(body, ("after", "time_budget_ms", "skip"))
    after = get_str(body, "after")
    budget = get_int(body, "time_budget_ms", default=DEFAULT_BUDGET_MS, minimum=1, maximum=MAX_BUDGET_MS)
    skip = set(get_str_list(body, "skip") or ())
    types = kb_dump.all_types()
    names = [kb_dump.type_name(t) for _, t in types]
    start = 0
    if after:
        if after not in names:
            raise BridgeError("invalid_field", "'after' is not a type of this build: %r" % after, field="after")
        start = names.index(after) + 1
    started = time.perf_counter()
    operators, failures, index = [], [], start
    scratch = td.op("/").create(td.baseCOMP, "svc_kb_sync_" + secrets.token_hex(4))
    try:
        for child in list(scratch.children):
            child.destroy()
        while index < len(types):
            if index > start and (time.perf_counter() - started) * 1000.0 >= budget:
                break
            family, t = types[index]
            index += 1
            name = names[index - 1]
            if name in skip:
                continue
            created = None
            try:
                created = scratch.create(t, "dump1")
                operators.append(kb_dump.operator_entry(created, family))
            except Exception as exc:  # one type that cannot be made must not stop the sync
                failures.append({"type": name, "family": family, "error": "%s: %s" % (type(exc).__name__, exc)})
            finally:
                if created is not None and created.valid:
                    created.destroy()
    finally:
        scratch.destroy()
    return {"operators": operators, "failures": failures, "read": index, "total": len(types),
            "next_after": names[index - 1] if index < len(types) else None, "complete": index >= len(types),
            "build": kb_dump.build_info()}


def register(router):
    router.add("POST", "/api/kb/dump", dump)
