"""Values derived from the network, kept until the frame ends or the network changes.

A TOP's resolution follows its first input up to 64 operators; reading a topology asks every TOP
for its width and then its height, so a 200-node chain cost tens of thousands of steps a read.
TouchDesigner cooks an operator at most once a frame and answers from that cook; tdsim keeps each
derived value for the rest of the frame, and forgets every one as soon as anything that could change
it changes: a parameter's value, mode, expression or definition, a wire, an operator created,
renamed or destroyed, a custom parameter added or removed (each calls `changed()`).
This is a cache only: what is computed is the same as without it.
"""
from __future__ import annotations


class Derived:
    def __init__(self, world):
        self._world = world
        self._changes = 0
        self._stamp = None
        self._values: dict = {}

    @property
    def changes(self) -> int:
        """How many changes so far: a stamp for caches kept elsewhere (time-sliced CHOPs)."""
        return self._changes

    def changed(self):
        """Something in the network changed: every derived value is stale."""
        self._changes += 1

    def get(self, op, kind):
        stamp = (self._world.loop.frame, self._changes)
        if stamp != self._stamp:
            self._values.clear()
            self._stamp = stamp
            return None
        return self._values.get((op._id, kind))

    def put(self, op, kind, value):
        if self._stamp == (self._world.loop.frame, self._changes):
            self._values[(op._id, kind)] = value
