"""/api/artifacts/tox/exports and /roundtrip: .tox export and quarantine round-trip jobs (tox_jobs.py).

Filesystem exports are not undo steps (spec 4.3 rule 3). A round trip is refused on port 9980, on a
bridge without SVC_PROJECT_RAG_QUARANTINE=1, and for a path that is not an absolute, regular,
non-link `.tox` file (rule 5); it never runs Python, loads a project or quits.
"""

import hashlib
import json
import os

from .. import tox_jobs
from ..body import check_known_fields, get_bool, get_str
from ..errors import BridgeError
from ..live import require_comp
from ..save_path import check_save_path


def start_export(ctx):
    body = ctx.body
    check_known_fields(body, ("path", "file_path", "mode", "overwrite", "idempotency_key"))
    key = get_str(body, "idempotency_key", allow_empty=False)
    if key is not None and not (len(key) <= 128 and all(c.isalnum() or c in "-_.:" for c in key)):
        raise BridgeError("invalid_field", "'idempotency_key' must be 1 to 128 letters, digits, '-', '_', '.' or ':'",
                          field="idempotency_key")
    fingerprint = hashlib.sha256(json.dumps(body, sort_keys=True).encode("utf-8")).hexdigest()
    # A start sent again after a lost response finds its job before anything is checked again:
    # the file it wrote exists now, and that must not turn the retry into a refusal.
    recovered = tox_jobs.recover(key, fingerprint) if key is not None else None
    if recovered is not None:
        return recovered
    comp = require_comp(get_str(body, "path", required=True, allow_empty=False))
    mode = get_str(body, "mode", default="as_is")
    if mode not in ("as_is", "build_gated"):
        raise BridgeError("invalid_field", "'mode' must be as_is or build_gated", field="mode")
    overwrite = get_bool(body, "overwrite", default=False)
    file_path = check_save_path(get_str(body, "file_path", required=True, allow_empty=False), (".tox",), overwrite)
    return tox_jobs.start_export(comp, file_path, mode, overwrite, key, fingerprint)


def poll_export(ctx):
    return tox_jobs.public(tox_jobs.get(ctx.params["operation_id"], "export"))


def export_by_key(ctx):
    return tox_jobs.public(tox_jobs.by_key(ctx.params["key"]))


def cancel_export(ctx):
    check_known_fields(ctx.body, ())
    return tox_jobs.cancel(tox_jobs.get(ctx.params["operation_id"], "export"))


def _port(ctx):
    par = getattr(getattr(ctx.webserver, "par", None), "port", None)
    try:
        return int(par.eval()) if par is not None else None
    except (TypeError, ValueError):
        return None


def start_roundtrip(ctx):
    refusal = tox_jobs.quarantine_refusal(_port(ctx))
    if refusal is not None:
        raise BridgeError("quarantine_required", refusal)
    check_known_fields(ctx.body, ("file_path",))
    file_path = get_str(ctx.body, "file_path", required=True, allow_empty=False)
    if "\x00" in file_path or not os.path.isabs(file_path):
        raise BridgeError("invalid_file_path", "'file_path' must be an absolute path", field="file_path")
    if os.path.splitext(file_path)[1].lower() != ".tox":
        raise BridgeError("invalid_file_path", "'file_path' must be a .tox file", field="file_path")
    if os.path.islink(file_path):
        raise BridgeError("invalid_file_path", "%s is a link; round trips never follow links" % file_path[:300], field="file_path")
    if not os.path.isfile(file_path):
        raise BridgeError("invalid_file_path", "%s is not a regular file" % file_path[:300], field="file_path")
    return tox_jobs.start_roundtrip(os.path.normpath(file_path))


def poll_roundtrip(ctx):
    return tox_jobs.public(tox_jobs.get(ctx.params["operation_id"], "roundtrip"))


def cancel_roundtrip(ctx):
    check_known_fields(ctx.body, ())
    return tox_jobs.cancel(tox_jobs.get(ctx.params["operation_id"], "roundtrip"))


def register(router):
    router.add("POST", "/api/artifacts/tox/exports", start_export)
    router.add("GET", "/api/artifacts/tox/exports/{operation_id}", poll_export, sheddable=False)
    router.add("GET", "/api/artifacts/tox/exports/by-key/{key}", export_by_key, sheddable=False)
    router.add("POST", "/api/artifacts/tox/exports/{operation_id}/cancel", cancel_export, sheddable=False)
    router.add("POST", "/api/artifacts/tox/roundtrip", start_roundtrip)
    router.add("GET", "/api/artifacts/tox/roundtrip/{operation_id}", poll_roundtrip, sheddable=False)
    router.add("POST", "/api/artifacts/tox/roundtrip/{operation_id}/cancel", cancel_roundtrip, sheddable=False)
