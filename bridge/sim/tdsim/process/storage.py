"""What a world keeps in files (`world.storage`): the project's state file, and COMP .tox files
(COMP.save(), saveByteArray(), loadTox() and loadByteArray()).

State file: `project.save()` writes the network as JSON, `run_host.py --state` loads it:
{"format": "tdsim-state", "version": 1, "project": {...}, "root": <operator>}, an operator being
a snapshot (create/snapshots.py). It is tdsim's own format, not a .toe.

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
import os

from ..create.snapshots import apply_snapshot, build, json_safe, snapshot_op, wire
from ..op import files
from ..values import naming
from ..values.documented import set_internal
from ..values.errors import tdError

STATE_FORMAT = "tdsim-state"
TOX_FORMAT = "tdsim-tox"
VERSION = 1


def _refuse(password=None, pattern=None):
    if password is not None:
        raise tdError("tdsim does not encrypt or decrypt components (password)")
    if pattern is not None:
        raise tdError("tdsim does not load part of a component (pattern)")


class Storage:
    def __init__(self, world):
        self._world = world

    # ---- the state file -------------------------------------------------------------------------
    def save_state(self, path):
        w = self._world
        data = {"format": STATE_FORMAT, "version": VERSION,
                "project": {"name": w.project.name, "frame": w.loop.frame},
                "root": json_safe(snapshot_op(w.root))}
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=False)
        os.replace(tmp, path)

    def load_state(self, path):
        w = self._world
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"{path} is not a tdsim state file")
        for op in list(w.ops.values()):
            op._valid = False
        w.ops.clear()
        w.live_pars.clear()
        root_snap = data["root"]
        root = w.factory.make_root()
        apply_snapshot(root, root_snap)
        pending = [(root, root_snap.get("inputs") or [])]
        for child in root_snap.get("children") or ():
            build(root, child, wires=pending)
        wire(w, pending)
        set_internal(w.project, "name", data.get("project", {}).get("name", w.project.name))
        set_internal(w.project, "folder", os.path.dirname(os.path.abspath(path)))
        w.project._savePath = os.path.abspath(path)
        w.undo.clear()

    # ---- COMP .tox files --------------------------------------------------------------------------
    def tox_bytes(self, comp, password=None) -> bytearray:
        _refuse(password)
        document = {"format": TOX_FORMAT, "version": VERSION, "path": comp.path, "op": json_safe(snapshot_op(comp))}
        return bytearray(json.dumps(document, indent=1).encode("utf-8"))

    def save_tox(self, comp, filepath=None, create_folders=False, password=None) -> str:
        data = self.tox_bytes(comp, password)
        path = files.target(comp, filepath, ".tox", create_folders)
        return files.write_bytes(comp, path, bytes(data))

    def read_file(self, filepath) -> bytes:
        try:
            with open(filepath, "rb") as handle:
                return handle.read()
        except OSError as exc:
            raise tdError(f"Cannot read {filepath}: {exc.strerror or exc}") from None

    def load_tox(self, comp, data, source, pattern=None, password=None):
        """Make the component held in `data` (bytes of a tdsim .tox) a child of `comp`."""
        _refuse(password, pattern)
        not_ours = f"{source} is not a tdsim .tox (tdsim cannot read TouchDesigner's binary .tox files)"
        try:
            document = json.loads(bytes(data).decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise tdError(not_ours) from None
        if not isinstance(document, dict) or document.get("format") != TOX_FORMAT:
            raise tdError(not_ours)
        if document.get("version") != VERSION:
            raise tdError(f"{source}: tdsim .tox version {document.get('version')!r} is not supported")
        snap = document.get("op")
        if not isinstance(snap, dict) or not isinstance(snap.get("name"), str):
            raise tdError(f"{source}: the file holds no component")
        if self._world.catalog.get(str(snap.get("type"))) is None or not snap["type"].endswith("COMP"):
            raise tdError(f"{source}: {snap.get('type')!r} is not a component type tdsim knows")
        saved_path = document.get("path") if isinstance(document.get("path"), str) else None
        before = set(comp._children)
        pending = []
        try:
            new = build(comp, snap, naming.next_numbered(snap["name"], comp._children), pending)
        except Exception as exc:
            for name in set(comp._children) - before:
                comp._children[name]._destroy_raw()
            raise tdError(f"{source}: cannot load the component: {exc}") from None

        def inside(path):
            if saved_path and (path == saved_path or path.startswith(saved_path.rstrip("/") + "/")):
                return new.path + path[len(saved_path):]
            return None  # a wire from outside the saved component
        wire(self._world, pending, inside)
        self._world.undo.record_create(new)
        return new
