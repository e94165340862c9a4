"""Export and round-trip jobs for `.tox` artifacts (spec 3.4, 4.2, 4.3 rule 5), run on later frames.

Export: a COMP saved to a partial file beside the target on one frame, checked and moved into place
on the next (`as_is`; `build_gated` also refuses a COMP whose tree has errors, at the start and
again when writing). Round trip: a `.tox` loaded into a scratch COMP of a quarantine bridge, its
contract read, its cook errors read a frame later, the scratch COMP destroyed and checked gone.

The round trip never runs the `.tox`'s code before it has been looked at: the scratch COMP's cooking
is off before the load (nothing inside cooks, so no expression is evaluated), and in the same
callback, before any frame, every Execute-family DAT of the loaded tree is turned off. The code it
carries (Execute-family DATs, callbacks and extension parameters, expressions: exec_table.holds_code)
is listed in the receipt. With the exec gate closed a `.tox` that carries code is reported and
removed, never cooked (verdict REFUSED); with exec open its DATs are turned back on and it cooks a
frame as any other. UNVERIFIED in TouchDesigner: whether loadTox initialises a component's
extensions (Extensions page) or calls an Execute DAT's onCreate while loading, before the bridge can
turn anything off; tdsim does neither. To verify, load a .tox whose extension's __init__ writes a
file into a COMP whose allowCooking is off.
Cancels fail closed: a finished job is not undone, and a cancel reports whether its cleanup was
verified. Jobs are kept in memory, bounded; an export started with an idempotency key is found
again by that key after a lost response.

tdsim's `.tox` is its documented JSON stand-in, checked as such; TouchDesigner's binary is checked
only for being a non-empty file, and every receipt says so (UNVERIFIED).
"""

import hashlib
import json
import os
import secrets
from collections import OrderedDict

import td

from . import config, exec_table, ticker
from .errors import BridgeError
from .params_write import par_snapshot_plain, restore_par

MAX_JOBS = 128
MAX_ERRORS = 50
EVIDENCE = ("UNVERIFIED for TouchDesigner's binary .tox: under tdsim the file is tdsim's JSON stand-in and is "
            "checked as such; in TouchDesigner only its size is checked")
VERIFIED_PRODUCTS = ("tdsim",)

_jobs = OrderedDict()
_by_key = {}


def _keep(job):
    _jobs[job["operation_id"]] = job
    while len(_jobs) > MAX_JOBS:
        old_id, old = _jobs.popitem(last=False)
        if old.get("idempotency_key"):
            _by_key.pop(old["idempotency_key"], None)
    ticker.keep("tox_jobs", _tick)


def get(operation_id, kind):
    job = _jobs.get(operation_id)
    if job is None or job["kind"] != kind:
        raise BridgeError("operation_not_found", "no %s job %r is remembered" % (kind, operation_id[:80]))
    return job


def by_key(key):
    operation_id = _by_key.get(key)
    if operation_id is None or operation_id not in _jobs:
        raise BridgeError("operation_not_found", "no export was started with that idempotency key")
    return _jobs[operation_id]


def tree_errors(node):
    """Errors of the node and everything inside it, bounded."""
    found = []
    stack = [node]
    while stack and len(found) < MAX_ERRORS:
        current = stack.pop()
        text = current.errors() if hasattr(current, "errors") else ""
        if text:
            found.append({"path": current.path, "message": str(text)[:300]})
        if getattr(current, "isCOMP", False):
            stack.extend(current.children)
    return found


def public(job):
    return dict((k, v) for k, v in job.items() if not k.startswith("_"))


# Export -----------------------------------------------------------------------------------------

def recover(key, fingerprint):
    """The export this key started, or None; the key with another request is refused."""
    if key not in _by_key or _by_key[key] not in _jobs:
        return None
    job = _jobs[_by_key[key]]
    if job["_fingerprint"] != fingerprint:
        raise BridgeError("idempotency_key_reused", "that idempotency key started another export", field="idempotency_key")
    return dict(public(job), recovered=True)


def start_export(comp, file_path, mode, overwrite, key, fingerprint):
    if mode == "build_gated":
        errors = tree_errors(comp)
        if errors:
            raise BridgeError("build_gate_failed", "%s has %d error(s) in its tree; a build-gated export needs none (first: "
                              "%s: %s)" % (comp.path, len(errors), errors[0]["path"], errors[0]["message"]), errors=errors)
    operation_id = "tox-" + secrets.token_hex(8)
    folder, name = os.path.split(file_path)
    job = {"operation_id": operation_id, "kind": "export", "state": "scheduled", "path": comp.path, "file_path": file_path,
           "mode": mode, "overwrite": overwrite, "idempotency_key": key, "evidence": EVIDENCE, "error": None,
           "sha256": None, "bytes": None, "cleanup": None,
           "_partial": os.path.join(folder, ".%s.%s.partial.tox" % (os.path.splitext(name)[0], operation_id)),
           "_fingerprint": fingerprint}
    if key is not None:
        _by_key[key] = operation_id
    _keep(job)
    return public(job)


def _check_written(job):
    size = os.path.getsize(job["_partial"])
    if size == 0:
        raise BridgeError("save_failed", "the environment wrote an empty .tox")
    if str(getattr(td.app, "product", "")) == "tdsim":
        with open(job["_partial"], "rb") as handle:
            data = json.loads(handle.read().decode("utf-8"))
        if data.get("format") != "tdsim-tox" or data.get("path") != job["path"]:
            raise BridgeError("save_failed", "the written .tox does not hold %s" % job["path"])


def _export_step(job):
    if job["state"] == "scheduled":
        comp = td.op(job["path"])
        if comp is None:
            raise BridgeError("node_not_found", "%s is gone" % job["path"])
        if job["mode"] == "build_gated" and tree_errors(comp):
            raise BridgeError("build_gate_failed", "%s has errors in its tree now" % job["path"])
        comp.save(job["_partial"])
        job["state"] = "verifying"
        return
    _check_written(job)
    if os.path.lexists(job["file_path"]) and not job["overwrite"]:
        raise BridgeError("file_exists", "%s appeared while exporting; nothing was replaced" % job["file_path"])
    os.replace(job["_partial"], job["file_path"])
    with open(job["file_path"], "rb") as handle:
        data = handle.read()
    job.update(state="done", sha256=hashlib.sha256(data).hexdigest(), bytes=len(data))


def _remove_partial(job):
    try:
        if os.path.lexists(job["_partial"]):
            os.remove(job["_partial"])
    except OSError:
        pass
    return not os.path.lexists(job["_partial"])


# Round trip -------------------------------------------------------------------------------------

def quarantine_refusal(port):
    if not config.env_flag("SVC_PROJECT_RAG_QUARANTINE"):
        return "this is not a quarantine bridge (SVC_PROJECT_RAG_QUARANTINE=1 is not set in its environment)"
    if port is None:
        return "the bridge cannot tell which port it serves, so it cannot rule out the default port 9980"
    if int(port) == 9980:
        return "round trips are refused on port 9980, the artist's working bridge; run a quarantine bridge on another port"
    return None


def start_roundtrip(file_path):
    operation_id = "rt-" + secrets.token_hex(8)
    job = {"operation_id": operation_id, "kind": "roundtrip", "state": "scheduled", "file_path": file_path,
           "verdict": None, "contract": None, "carries_code": None, "errors": None, "error": None, "cleanup": None,
           "evidence": EVIDENCE, "_scratch": None}
    _keep(job)
    return public(job)


def _roundtrip_step(job):
    if job["state"] == "scheduled":
        scratch = td.op("/").create("baseCOMP", "svc_quarantine_" + job["operation_id"][3:])
        job["_scratch"] = scratch.path
        scratch.allowCooking = False  # nothing loaded cooks, so no expression runs, until the check is done
        loaded = scratch.loadTox(job["file_path"])
        switched_off = _deactivate(loaded)
        children = list(loaded.children)
        job["contract"] = {"name": loaded.name, "type": loaded.OPType, "children": len(children),
                           "inputs": sorted(c.name for c in children if c.OPType.startswith("in")),
                           "outputs": sorted(c.name for c in children if c.OPType.startswith("out")),
                           "custom_pages": [p.name for p in getattr(loaded, "customPages", [])]}
        job["carries_code"] = exec_table.holds_code(loaded)[:MAX_ERRORS]
        if job["carries_code"] and not config.exec_allowed():
            job["verdict"] = "REFUSED"
            job["error"] = ("exec_disabled: the .tox carries code (%d place(s), first %s: %s); with the exec gate "
                            "closed it is reported and removed, never run"
                            % (len(job["carries_code"]), job["carries_code"][0]["path"], job["carries_code"][0]["why"]))
            _destroy_scratch(job)
            job["state"] = "cleaning"
            return
        for state in switched_off:
            restore_par(state)
        scratch.allowCooking = True
        job["state"] = "cooking"
        return
    if job["state"] == "cooking":
        scratch = td.op(job["_scratch"])
        job["errors"] = tree_errors(scratch) if scratch is not None else []
        verified = str(getattr(td.app, "product", "")) in VERIFIED_PRODUCTS
        job["verdict"] = ("FAIL" if job["errors"] else "PASS") if verified else "UNVERIFIED"
        _destroy_scratch(job)
        job["state"] = "cleaning"
        return
    job["cleanup"] = "verified" if td.op(job["_scratch"]) is None else "failed"
    job["state"] = "done"


def _deactivate(comp):
    """Turns every Execute-family DAT in comp's tree off; returns their switches as they were."""
    found = []
    stack = [comp]
    while stack:
        node = stack.pop()
        if exec_table.is_execute_dat(node):
            for name in exec_table.switches(node):
                par = getattr(node.par, name, None)
                if par is None:
                    continue
                # read without evaluating: an expression on the switch is the .tox's code too
                found.append(par_snapshot_plain(par))
                par.mode = td.ParMode.CONSTANT
                par.val = False
        if getattr(node, "isCOMP", False):
            stack.extend(node.children)
    return found


def _destroy_scratch(job):
    scratch = td.op(job["_scratch"]) if job["_scratch"] else None
    if scratch is not None:
        scratch.destroy()


# Frames and cancels -----------------------------------------------------------------------------

RUNNING = ("scheduled", "verifying", "cooking", "cleaning")


def _tick():
    busy = False
    for job in list(_jobs.values()):
        if job["state"] not in RUNNING:
            continue
        try:
            (_export_step if job["kind"] == "export" else _roundtrip_step)(job)
        except BridgeError as err:
            _fail(job, "%s: %s" % (err.code, err.message))
        except Exception as exc:  # the environment refused: the job fails, its scratch goes
            _fail(job, "%s: %s" % (type(exc).__name__, exc))
        busy = busy or job["state"] in RUNNING
    return busy


def _fail(job, message):
    job["error"] = message[:500]
    if job["kind"] == "export":
        job["cleanup"] = "verified" if _remove_partial(job) else "failed"
        job["state"] = "failed"
    else:
        job["verdict"] = "FAIL" if str(getattr(td.app, "product", "")) in VERIFIED_PRODUCTS else "UNVERIFIED"
        try:
            _destroy_scratch(job)
        except Exception:
            pass
        job["state"] = "cleaning" if job["_scratch"] else "done"


def cancel(job):
    if job["state"] not in RUNNING:
        raise BridgeError("job_finished", "the job is already %s; a cancel never undoes a finished job" % job["state"],
                          state=job["state"])
    if job["kind"] == "export":
        job["cleanup"] = "verified" if _remove_partial(job) else "failed"
    else:
        try:
            _destroy_scratch(job)
        except Exception:
            pass
        job["cleanup"] = "verified" if not job["_scratch"] or td.op(job["_scratch"]) is None else "failed"
    job["state"] = "cancelled"
    if job["cleanup"] != "verified":
        raise BridgeError("cancel_cleanup_failed", "the job was stopped but its cleanup could not be verified",
                          operation_id=job["operation_id"])
    return public(job)


def reset():
    _jobs.clear()
    _by_key.clear()
