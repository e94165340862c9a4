"""Operator storage (td.OP.store/fetch/unstore): a dict per operator, searched upwards."""
from __future__ import annotations

from ..values import naming

_NO_DEFAULT = object()


class StorageMixin:
    @property
    def storage(self):
        return self._storage

    def store(self, key, value):
        before = dict(self._storage)
        self._storage[key] = value
        self._world.derived.changed()
        self._world.undo.record_attr(self, "storage", before, dict(self._storage))
        return value

    def unstore(self, *keys):
        before = dict(self._storage)
        for pattern in keys:
            for k in [k for k in self._storage if naming.match(str(pattern), str(k))]:
                del self._storage[k]
        self._world.derived.changed()
        self._world.undo.record_attr(self, "storage", before, dict(self._storage))

    def fetch(self, key, default=_NO_DEFAULT, search=True, storeDefault=False):
        node = self
        while node is not None:
            if key in node._storage:
                return node._storage[key]
            if not search:
                break
            node = node._parent
        if default is _NO_DEFAULT:
            # UNVERIFIED: assumed to fail like a dict lookup when nothing is stored or given.
            raise KeyError(key)
        if storeDefault:
            self.store(key, default)
        return default

    def fetchOwner(self, key):
        node = self
        while node is not None:
            if key in node._storage:
                return node
            node = node._parent
        return None

    def storeStartupValue(self, key, value):
        self.store(key, value)

    def unstoreStartupValue(self, *keys):
        return None

