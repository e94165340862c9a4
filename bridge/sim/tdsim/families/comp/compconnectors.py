"""COMP-to-COMP wires: the connectors on the top (input) and bottom (output) of a component
(COMP Class, Connection: inputCOMPs, inputCOMPConnectors, outputCOMPs, outputCOMPConnectors),
which build 3D object and panel hierarchies.

tdsim gives every COMP one input and one output COMP connector; an input takes one wire (the
parent of an object), an output any number (UNVERIFIED: counts and the one-parent rule are what
object hierarchies need; the docs do not list them). Only sibling COMPs connect, a wire that would
make a loop raises td.tdError, and connecting an input that has a wire replaces it (as operator
inputs do). Not emulated: undo of these wires, and the state file and .tox keep none of them.
"""
from __future__ import annotations

from ...op.op import OP
from ...values.errors import tdError


class COMPConnector:
    def __init__(self, owner, is_input):
        self._owner = owner
        self._is_input = is_input

    owner = property(lambda self: self._owner)
    index = property(lambda self: 0)
    isInput = property(lambda self: self._is_input)
    isOutput = property(lambda self: not self._is_input)

    def __eq__(self, other):
        return isinstance(other, COMPConnector) and other._owner is self._owner and other._is_input == self._is_input

    def __hash__(self):
        return hash((id(self._owner), self._is_input, "comp"))

    def __repr__(self):
        return f"type:Connector {'input' if self._is_input else 'output'}COMP:0 owner:{self._owner.path}"

    @property
    def connections(self):
        if self._is_input:
            source = comp_input(self._owner)
            return [COMPConnector(source, False)] if source is not None else []
        return [COMPConnector(c, True) for c in comp_outputs(self._owner)]

    def connect(self, target):
        if isinstance(target, COMPConnector):
            if target._is_input == self._is_input:
                raise tdError("Cannot connect two %s COMP connectors" % ("input" if self._is_input else "output"))
            other = target._owner
        elif isinstance(target, OP) and target.isCOMP:
            other = target
        else:
            raise tdError("connect() takes a component or a COMP connector")
        parent, child = (other, self._owner) if self._is_input else (self._owner, other)
        _link(parent, child)

    def disconnect(self):
        if self._is_input:
            self._owner._comp_input = None
        else:
            for child in comp_outputs(self._owner):
                child._comp_input = None


def comp_input(comp):
    source = getattr(comp, "_comp_input", None)
    return source if source is not None and source._valid and source._parent is comp._parent else None


def comp_outputs(comp):
    siblings = comp._parent._children.values() if comp._parent is not None else ()
    return [c for c in siblings if c.isCOMP and comp_input(c) is comp]


def _link(parent, child):
    if parent is child or parent._parent is not child._parent:
        raise tdError(f"Cannot connect {parent.path} to {child.path}: COMPs connect to siblings only")
    node = parent
    while node is not None:
        if node is child:
            raise tdError(f"Cannot connect {parent.path} to {child.path}: it would make a loop")
        node = comp_input(node)
    child._comp_input = parent
