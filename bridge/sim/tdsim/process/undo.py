"""ui.undo: undo blocks that really undo and redo what happened inside them.

Only changes made between startBlock() and endBlock() are recorded (UNVERIFIED: TouchDesigner
does not document whether script changes outside a block are undoable; tdsim treats them as
not undoable). Every recorded change names its operator by path and is undone by path, so an
undo still works after other objects were recreated. Undo/redo themselves are not recorded.
"""
from __future__ import annotations

from ..create.snapshots import restore_subtree, snapshot_subtree
from ..par.pages import restore_custom
from ..values import paths
from ..values.documented import Documented
from ..values.errors import tdError
from . import deviations


class _Action:
    __slots__ = ("undo", "redo")

    def __init__(self, undo, redo):
        self.undo = undo
        self.redo = redo


class _Block:
    def __init__(self, name):
        self.name = name
        self.actions: list[_Action] = []


class Undo(Documented):
    TD_CLASS = "Undo"
    # tdsim's own: how the rest of tdsim records changes into the open block
    TDSIM_OWN = ("record_attr", "record_create", "record_custom", "record_def", "record_destroy", "record_par",
                 "record_rename", "record_wire", "recording")

    def __init__(self, world):
        self._world = world
        self._open: _Block | None = None
        self._depth = 0
        self._undo: list[_Block] = []
        self._redo: list[_Block] = []
        self._replaying = False
        self.globalState = True

    # ---- td.Undo members ------------------------------------------------------------------
    @property
    def state(self):
        """True while a block is open and recording."""
        return self._open is not None

    @property
    def undoStack(self):
        return [b.name for b in self._undo]

    @property
    def redoStack(self):
        return [b.name for b in self._redo]

    def startBlock(self, name, enable=True):
        if self._open is not None:
            self._depth += 1  # nested blocks fold into the outer one
            return
        if not enable or not self.globalState:
            return
        self._open = _Block(str(name))
        self._depth = 1

    def endBlock(self):
        if self._open is None:
            return
        self._depth -= 1
        if self._depth > 0:
            return
        block, self._open = self._open, None
        if block.actions and not deviations.active("undo_item_missing"):
            self._undo.append(block)
            self._redo.clear()

    def undo(self):
        if self._open is not None:
            raise tdError("Cannot undo while an undo block is open")
        if not self._undo:
            return
        block = self._undo.pop()
        self._replay([a.undo for a in reversed(block.actions)])
        self._redo.append(block)

    def redo(self):
        if self._open is not None:
            raise tdError("Cannot redo while an undo block is open")
        if not self._redo:
            return
        block = self._redo.pop()
        self._replay([a.redo for a in block.actions])
        self._undo.append(block)

    def clear(self):
        self._undo.clear()
        self._redo.clear()

    def addCallback(self, callback, info=None):
        self._add(lambda: callback(False, info), lambda: callback(True, info))

    def _replay(self, steps):
        self._replaying = True
        try:
            for step in steps:
                step()
        finally:
            self._replaying = False

    # ---- recording ------------------------------------------------------------------------
    @property
    def recording(self):
        return self._open is not None and not self._replaying

    def _add(self, undo, redo):
        if self.recording:
            self._open.actions.append(_Action(undo, redo))

    def _find(self, path):
        found = paths.resolve(self._world, None, path)
        if found is None:
            raise tdError(f"Undo: operator {path} no longer exists")
        return found

    def record_par(self, par, before, after):
        if not self.recording or before == after:
            return
        path, name = par._owner.path, par.name
        self._add(lambda: self._find(path)._pars[name]._apply_state(before),
                  lambda: self._find(path)._pars[name]._apply_state(after))

    def record_def(self, par, field, before, after):
        if not self.recording:
            return
        path, name = par._owner.path, par.name
        self._add(lambda: setattr(self._find(path)._pars[name]._def, field, before),
                  lambda: setattr(self._find(path)._pars[name]._def, field, after))

    def record_attr(self, op, attr, before, after):
        """A plain operator member (flag, comment, position, color, tags, DAT content...)."""
        if not self.recording or before == after:
            return
        path = op.path
        self._add(lambda: self._find(path)._set_raw(attr, before),
                  lambda: self._find(path)._set_raw(attr, after))

    def record_custom(self, op, before, after):
        if not self.recording:
            return
        path = op.path
        self._add(lambda: restore_custom(self._find(path), before),
                  lambda: restore_custom(self._find(path), after))

    def record_create(self, op):
        if not self.recording:
            return
        path, parent_path = op.path, op._parent.path
        held = {}

        def undo():
            target = self._find(path)
            held["snap"] = snapshot_subtree(target)
            target._destroy_raw()

        self._add(undo, lambda: restore_subtree(self._find(parent_path), held["snap"]))

    def record_destroy(self, op):
        """op is about to be destroyed: undo brings it back as it is now."""
        if not self.recording:
            return
        parent_path, path, snapshot = op._parent.path, op.path, snapshot_subtree(op)
        self._add(lambda: restore_subtree(self._find(parent_path), snapshot),
                  lambda: self._find(path)._destroy_raw())

    def record_rename(self, parent_path, old, new):
        if not self.recording:
            return
        base = parent_path.rstrip("/")
        self._add(lambda: self._find(f"{base}/{new}")._rename_raw(old),
                  lambda: self._find(f"{base}/{old}")._rename_raw(new))

    def record_wire(self, target, index, before, after):
        """Input `index` of `target` changed from `before` to `after`: (source path, output
        index) or None for no wire."""
        if not self.recording or before == after:
            return
        path = target.path

        def setter(link):
            def apply():
                source = (self._find(link[0]), link[1]) if link else None
                self._find(path)._set_input_raw(index, source)
            return apply
        self._add(setter(before), setter(after))
