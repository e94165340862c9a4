"""Component files: COMP.save(), saveByteArray(), loadTox() and loadByteArray().

TouchDesigner's .tox is a binary format of its own; tdsim neither writes nor reads it. tdsim's
.tox is UTF-8 JSON: {"format": "tdsim-tox", "version": 1, "path": <the COMP's path when saved>,
"op": <the COMP as the state file holds an operator, children included>}. Loading makes the
COMP a child of the loading COMP under its saved name (the next numbered name when that is
taken, UNVERIFIED) and rewires what was wired inside it; wires from outside the saved COMP are
not in the file, so it comes in unwired (`unwired` changes nothing). Not emulated: passwords
(encryption) and `pattern` (loading part of a component) raise td.tdError.
"""
from __future__ import annotations

import json

from ..op import files
from ..values import naming
from ..values.errors import tdError
from .runtime import world

FORMAT = "tdsim-tox"
VERSION = 1


def _refuse(password=None, pattern=None):
    if password is not None:
        raise tdError("tdsim does not encrypt or decrypt components (password)")
    if pattern is not None:
        raise tdError("tdsim does not load part of a component (pattern)")


def tox_bytes(comp, password=None) -> bytearray:
    from ..create.snapshots import _clean, snapshot_op
    _refuse(password)
    document = {"format": FORMAT, "version": VERSION, "path": comp.path, "op": _clean(snapshot_op(comp))}
    return bytearray(json.dumps(document, indent=1).encode("utf-8"))


def save(comp, filepath=None, create_folders=False, password=None) -> str:
    data = tox_bytes(comp, password)
    path = files.target(comp, filepath, ".tox", create_folders)
    return files.write_bytes(comp, path, bytes(data))


def read_file(filepath) -> bytes:
    try:
        with open(filepath, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise tdError(f"Cannot read {filepath}: {exc.strerror or exc}") from None


def load(comp, data, source, pattern=None, password=None):
    """Make the component held in `data` (bytes of a tdsim .tox) a child of `comp`."""
    from ..create.snapshots import _build, _wire
    _refuse(password, pattern)
    not_ours = f"{source} is not a tdsim .tox (tdsim cannot read TouchDesigner's binary .tox files)"
    try:
        document = json.loads(bytes(data).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise tdError(not_ours) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise tdError(not_ours)
    if document.get("version") != VERSION:
        raise tdError(f"{source}: tdsim .tox version {document.get('version')!r} is not supported")
    snap = document.get("op")
    if not isinstance(snap, dict) or not isinstance(snap.get("name"), str):
        raise tdError(f"{source}: the file holds no component")
    if world().catalog.get(str(snap.get("type"))) is None or not snap["type"].endswith("COMP"):
        raise tdError(f"{source}: {snap.get('type')!r} is not a component type tdsim knows")
    saved_path = document.get("path") if isinstance(document.get("path"), str) else None
    before = set(comp._children)
    pending = []
    try:
        new = _build(comp, snap, naming.next_numbered(snap["name"], comp._children), pending)
    except Exception as exc:
        for name in set(comp._children) - before:
            comp._children[name]._destroy_raw()
        raise tdError(f"{source}: cannot load the component: {exc}") from None

    def inside(path):
        if saved_path and (path == saved_path or path.startswith(saved_path.rstrip("/") + "/")):
            return new.path + path[len(saved_path):]
        return None  # a wire from outside the saved component
    _wire(pending, inside)
    world().undo.record_create(new)
    return new
