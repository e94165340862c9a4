"""POST /api/packages/reconcile/check and /apply: operators a package no longer provides.

An operator belongs to a package when it carries the tag `svcpkg:<package>`. `check` is a dry run:
below `root` it lists the package's operators whose path (relative to root) is not in `keep`
(the orphans: only the topmost of a nested group), and the `keep` paths held by an operator the
package does not own (conflicts, never touched). Its plan id is the SHA-256 of what it found, so an
unchanged project gives the same plan; a plan expires PLAN_TTL_S seconds after its last check.
`apply` checks again, refuses a plan that expired or no longer matches, then bypasses the orphans
(`action: bypass`) or deletes them with the artist's Delete through the broker (`interaction_ids`,
one per path) or `confirmation_policy: "yolo"`; anything else keeps them (`delete_kept`) before any
change. Keep is the client doing nothing, so the bridge has no keep action. One undo block; a
failure rolls every orphan back.
"""

import hashlib
import json
import time

from .. import operations, owned
from ..body import check_known_fields, get_object, get_str, get_str_list
from ..errors import BridgeError
from ..journal import Journal
from ..live import require_comp

PLAN_TTL_S = 120
MAX_NODES = 5000
MAX_DEPTH = 16
MAX_PLANS = 64
TAG_PREFIX = "svcpkg:"

_plans = {}


def _check_package(name):
    if not (1 <= len(name) <= 64 and name[0].isalpha() and all(c.isalnum() or c in "-_" for c in name)):
        raise BridgeError("invalid_field", "'package' must be a package name (letters, digits, '-', '_')", field="package")


def _survey(package, root_path, keep):
    root = require_comp(root_path)
    tag = TAG_PREFIX + package
    orphans, owned_paths, seen = [], set(), 0
    stack = [(child, 1) for child in root.children]
    while stack:
        node, depth = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            raise BridgeError("rollback_limit", "more than %d operators below %s; reconcile a smaller COMP" % (MAX_NODES, root.path))
        relative = node.path[len(root.path) + 1:] if root.path != "/" else node.path[1:]
        if tag in node.tags:
            owned_paths.add(relative)
            if relative not in keep:
                orphans.append({"path": node.path, "relative": relative, "id": node.id, "type": node.OPType})
                continue  # what is inside goes with it
        if getattr(node, "isCOMP", False) and depth < MAX_DEPTH:
            stack.extend((child, depth + 1) for child in node.children)
    orphans.sort(key=lambda o: o["path"])
    conflicts = []
    for relative in sorted(keep):
        if relative in owned_paths:
            continue
        node = root.op(relative) if hasattr(root, "op") else None
        if node is not None:
            conflicts.append({"relative": relative, "path": node.path, "reason": "not owned by %s" % package})
    digest = hashlib.sha256(json.dumps({"package": package, "root": root.path, "keep": sorted(keep),
                                        "orphans": [(o["path"], o["id"], o["type"]) for o in orphans],
                                        "conflicts": [(c["relative"], c["path"]) for c in conflicts]},
                                       sort_keys=True).encode("utf-8")).hexdigest()
    return {"plan_id": "rp-" + digest[:40], "package": package, "root": root.path, "orphans": orphans,
            "conflicts": conflicts, "scanned": seen}


def check(ctx):
    body = ctx.body
    check_known_fields(body, ("package", "root", "keep"))
    package = get_str(body, "package", required=True, allow_empty=False)
    _check_package(package)
    root = get_str(body, "root", required=True, allow_empty=False)
    keep = get_str_list(body, "keep", default=[])
    plan = _survey(package, root, set(keep))
    expires = time.monotonic() + PLAN_TTL_S
    _plans[plan["plan_id"]] = (expires, package, root, sorted(set(keep)))
    while len(_plans) > MAX_PLANS:
        _plans.pop(min(_plans, key=lambda k: _plans[k][0]))
    return dict(plan, expires_in_s=PLAN_TTL_S, dry_run=True)


def apply(ctx):
    body = ctx.body
    check_known_fields(body, ("plan_id", "action", "confirmation_policy", "interaction_ids"))
    plan_id = get_str(body, "plan_id", required=True, allow_empty=False)
    action = get_str(body, "action", required=True)
    if action == "keep":
        raise BridgeError("invalid_field", "keep is the client doing nothing: send no request", field="action")
    if action not in ("bypass", "delete"):
        raise BridgeError("invalid_field", "'action' must be bypass or delete", field="action")
    policy = get_str(body, "confirmation_policy")
    if policy not in (None, "yolo"):
        raise BridgeError("invalid_field", "'confirmation_policy' must be \"yolo\" when given", field="confirmation_policy")
    interactions = get_object(body, "interaction_ids", default={})
    if action == "bypass" and (policy is not None or interactions):
        raise BridgeError("invalid_field", "a bypass needs no confirmation; send it without confirmation_policy or interaction_ids",
                          field="action")
    stored = _plans.get(plan_id)
    if stored is None or stored[0] < time.monotonic():
        _plans.pop(plan_id, None)
        raise BridgeError("plan_expired", "plan %s is unknown or expired: check again" % plan_id[:60], field="plan_id")
    _, package, root, keep = stored
    plan = _survey(package, root, set(keep))
    if plan["plan_id"] != plan_id:
        raise BridgeError("stale_fingerprint", "the package's operators changed since the check: check again",
                          plan_id=plan["plan_id"])
    specs = []
    for orphan in plan["orphans"]:
        if action == "bypass":
            specs.append({"action": "delete", "path": orphan["path"], "mode": "bypass"})
        elif orphan["path"] in interactions:
            specs.append({"action": "delete", "path": orphan["path"], "interaction_id": str(interactions[orphan["path"]])})
        elif policy == "yolo":
            specs.append({"action": "delete", "path": orphan["path"], "confirmation_policy": "yolo"})
        else:
            raise BridgeError("delete_kept", "%s was kept, and so was every other orphan: deleting needs the artist's "
                              "Delete (interaction_ids) or confirmation_policy \"yolo\"" % orphan["path"],
                              path=orphan["path"], decision="Keep")
    env = operations.Env(confirmation_policy=policy, webserver=ctx.webserver)
    journal = Journal()
    results = []
    try:
        for spec in specs:
            results.append(operations.apply(spec, journal, env))
        owned.verify()
    except Exception:
        failures = journal.rollback()
        if failures:
            raise BridgeError("rollback_failed", "reconcile failed and %d step(s) could not be undone" % len(failures),
                              rollback_errors=failures[:20])
        raise
    journal.commit()
    _plans.pop(plan_id, None)  # a plan is used once
    return {"plan_id": plan_id, "package": package, "root": plan["root"], "applied": results, "conflicts": plan["conflicts"]}


def register(router):
    router.add("POST", "/api/packages/reconcile/check", check)
    router.add("POST", "/api/packages/reconcile/apply", apply, mutating=True, undo_label="svc: package reconcile")
