"""td objects that refuse what their class does not document, as TouchDesigner's own classes do.

TouchDesigner's Python classes are built-in types: reading or setting a member the class does not
have raises AttributeError (Python's rule for such types; the exact message is UNVERIFIED). A plain
Python class would accept `project.play = False` silently and keep it, and code written against
tdsim (the bridge first) could come to depend on something TouchDesigner does not have. So the
module-level objects (td.project, td.app, td.ui, td.ui.undo, td.absTime, td.sysinfo) check every
public member read or written against the Python class facts (kb/data/python-classes.json):
- reading a member the class does not document raises AttributeError, except tdsim's own members
  (`TDSIM_OWN`, listed in bridge/sim/README.md);
- setting a member the class does not document raises AttributeError, and so does setting one the
  facts mark read-only (tdsim's own code sets those through `set_internal`).
Members starting with `_` are tdsim's private state and are not checked.
"""
from __future__ import annotations

import functools
import json
import os

from .catalog import catalog

_classes: dict | None = None


def _facts() -> dict:
    global _classes
    if _classes is None:
        path = os.path.join(catalog().kb_dir, "python-classes.json")
        with open(path, encoding="utf-8") as f:
            _classes = json.load(f)["classes"]
    return _classes


@functools.lru_cache(maxsize=4096)
def member(class_name: str, name: str) -> dict | None:
    """The member as the class (or a class it inherits from) documents it, or None."""
    classes = _facts()
    todo = [class_name]
    while todo:
        cls = classes.get(todo.pop())
        if cls is None:
            continue
        for m in cls["members"]:
            if m["name"] == name:
                return m
        todo.extend(cls.get("inherits") or ())
    return None


class Documented:
    """Base of a td object whose members are its class's documented ones (see the module doc)."""

    __slots__ = ()
    TD_CLASS = ""
    TDSIM_OWN: tuple = ()

    def __getattribute__(self, name):
        if name[:1] != "_":
            cls = type(self)
            if name not in cls.TDSIM_OWN and member(cls.TD_CLASS, name) is None:
                raise AttributeError(f"'td.{cls.TD_CLASS}' object has no attribute '{name}'")
        return object.__getattribute__(self, name)

    def __setattr__(self, name, value):
        if name[:1] != "_":
            cls = type(self)
            found = member(cls.TD_CLASS, name)
            if found is None:
                raise AttributeError(f"'td.{cls.TD_CLASS}' object has no attribute '{name}'")
            if found.get("readOnly") or found.get("kind") == "method":
                raise AttributeError(f"attribute '{name}' of 'td.{cls.TD_CLASS}' objects is not writable")
        object.__setattr__(self, name, value)


def init_members(obj, **values):
    """Sets the object's first values (read-only ones too); each must be a documented member."""
    cls = type(obj)
    for name, value in values.items():
        if member(cls.TD_CLASS, name) is None:
            raise AttributeError(f"'td.{cls.TD_CLASS}' object has no attribute '{name}'")
        object.__setattr__(obj, name, value)


def set_internal(obj, name, value):
    """tdsim's own write of a member a script may not set (a read-only one: project.name on load)."""
    object.__setattr__(obj, name, value)
