"""Wires between operators: Connector objects and the rules for connecting them.

Rules:
- Only operators of the same family connect (a TOP output into a TOP input). Connecting across
  families raises td.tdError (UNVERIFIED exception class and message).
- An operator has as many input connectors as the catalog's `inputs.max`. When the maximum is
  unlimited (9999 in the kb) or unknown, it has one more connector than it has wires, so a new
  wire can always be added (permissive where the catalog does not know).
- A COMP's input and output connectors are the In and Out operators inside it (inTOP, outCHOP,
  ...), in name order (UNVERIFIED: TouchDesigner may order them by position); the family of a
  COMP connector is the family of that In/Out operator.
- A wire that would make a loop is refused.
- Connecting into an input that already has a wire replaces that wire.
"""
from __future__ import annotations

from ..values.catalog import UNLIMITED_INPUTS
from ..values.errors import tdError
from ..values.opbase import OPBase

FAMILY_INOUT = {"TOP", "CHOP", "SOP", "POP", "DAT", "MAT"}


class Connector:
    def __init__(self, owner, index, is_input):
        self._owner = owner
        self._index = index
        self._is_input = is_input

    owner = property(lambda self: self._owner)
    index = property(lambda self: self._index)
    isInput = property(lambda self: self._is_input)
    isOutput = property(lambda self: not self._is_input)

    def __eq__(self, other):
        return (isinstance(other, Connector) and other._owner is self._owner
                and other._index == self._index and other._is_input == self._is_input)

    def __hash__(self):
        return hash((id(self._owner), self._index, self._is_input))

    def __repr__(self):
        kind = "input" if self._is_input else "output"
        return f"type:Connector {kind}:{self._index} owner:{self._owner.path}"

    @property
    def family(self):
        return self._owner._connector_family(self._index, self._is_input)

    @property
    def inOP(self):
        if self._owner.isCOMP and self._is_input:
            ins = self._owner._io_ops("in")
            return ins[self._index] if self._index < len(ins) else None
        return None

    @property
    def outOP(self):
        if self._owner.isCOMP and not self._is_input:
            outs = self._owner._io_ops("out")
            return outs[self._index] if self._index < len(outs) else None
        return None

    @property
    def description(self):
        return f"{'Input' if self._is_input else 'Output'} {self._index}"

    @property
    def connections(self):
        if self._is_input:
            link = self._owner._inputs[self._index] if self._index < len(self._owner._inputs) else None
            return [Connector(link[0], link[1], False)] if link else []
        return [Connector(t, i, True) for (t, i) in self._owner._out_links
                if t._inputs[i] is not None and t._inputs[i][1] == self._index]

    def connect(self, target):
        if self._is_input:
            if isinstance(target, Connector):
                if target._is_input:
                    raise tdError("Cannot connect an input to an input")
                self._owner._connect_input(self._index, target._owner, target._index)
            elif isinstance(target, OPBase):
                self._owner._connect_input(self._index, target, 0)
            else:
                raise tdError("connect() takes an operator or a connector")
            return
        if isinstance(target, Connector):
            if not target._is_input:
                raise tdError("Cannot connect an output to an output")
            target._owner._connect_input(target._index, self._owner, self._index)
        elif isinstance(target, OPBase):
            target._connect_input(target._free_input_index(), self._owner, self._index)
        else:
            raise tdError("connect() takes an operator or a connector")

    def disconnect(self):
        if self._is_input:
            self._owner._disconnect_input(self._index)
        else:
            for conn in self.connections:
                conn._owner._disconnect_input(conn._index)


class ConnectionsMixin:
    def _init_connections(self):
        self._inputs: list = []        # index -> (source OP, source output index) or None
        self._out_links: set = set()   # (target OP, target input index)

    # ---- connector families and counts ------------------------------------------------------
    def _io_ops(self, kind):
        kids = getattr(self, "_children", {})
        return [kids[n] for n in sorted(kids)
                if kids[n].family in FAMILY_INOUT and kids[n].OPType == f"{kind}{kids[n].family}"]

    def _connector_family(self, index, is_input):
        if not self.isCOMP:
            return self.family
        ops = self._io_ops("in" if is_input else "out")
        return ops[index].family if index < len(ops) else None

    def _input_count(self):
        if self.isCOMP:
            return len(self._io_ops("in"))
        maximum = self._spec.inputs_max if self._spec else None
        if maximum is None or maximum >= UNLIMITED_INPUTS:
            return len(self._inputs) + 1  # the wires present (gaps included) and one free input
        return maximum

    def _output_count(self):
        if self.isCOMP:
            return len(self._io_ops("out"))
        outputs = self._spec.outputs if self._spec else None
        # ASSUMPTION: an operator whose output count the catalog does not know has one output.
        return 1 if outputs is None else outputs

    # ---- td members -------------------------------------------------------------------------
    @property
    def inputConnectors(self):
        return [Connector(self, i, True) for i in range(self._input_count())]

    @property
    def outputConnectors(self):
        return [Connector(self, i, False) for i in range(self._output_count())]

    @property
    def inputs(self):
        return [link[0] for link in self._inputs if link is not None]

    @property
    def outputs(self):
        ordered = sorted(self._out_links, key=lambda ti: (ti[0].path, ti[1]))
        seen, out = set(), []
        for target, _ in ordered:
            if id(target) not in seen:
                seen.add(id(target))
                out.append(target)
        return out

    def setInputs(self, ops):
        """OP Class: "Entries in the list can be None to disconnect specific inputs": a None keeps
        its slot, so `setInputs([None, b])` wires b into input 1 (on an operator with unlimited
        inputs too, whose empty slot stays until something closes it: UNVERIFIED)."""
        ops = list(ops)
        for index in range(len(self._inputs) - 1, -1, -1):
            self._disconnect_input(index)
        unlimited = not self.isCOMP and (self._spec is None or self._spec.inputs_max is None
                                         or self._spec.inputs_max >= UNLIMITED_INPUTS)
        for index, source in enumerate(ops):
            if source is None:
                if unlimited and any(s is not None for s in ops[index + 1:]):
                    while len(self._inputs) <= index:  # hold the slot open for the inputs after it
                        self._inputs.append(None)
                continue
            self._connect_input(index, source, 0)

    # ---- rules ------------------------------------------------------------------------------
    def _free_input_index(self):
        for index in range(self._input_count()):
            if index >= len(self._inputs) or self._inputs[index] is None:
                return index
        raise tdError(f"{self.path} has no free input")

    def _feeds(self, target):
        """True when self is upstream of (or is) target."""
        stack, seen = [self], set()
        while stack:
            node = stack.pop()
            if node is target:
                return True
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.extend(t for (t, _) in node._out_links)
        return False

    def _connect_input(self, index, source, out_index=0):
        if not isinstance(index, int) or index < 0:
            raise tdError(f"Invalid input index {index!r}")
        count = self._input_count()
        if index >= count:
            raise tdError(f"{self.path} accepts {count} input(s): cannot connect input {index}")
        if out_index >= source._output_count():
            raise tdError(f"{source.path} has no output {out_index}")
        mine = self._connector_family(index, True)
        theirs = source._connector_family(out_index, False)
        if mine != theirs:
            raise tdError(f"Cannot connect {theirs} output of {source.path} to {mine} input of {self.path}")
        if self._feeds(source):
            raise tdError(f"Connecting {source.path} to {self.path} would make a loop")
        before = self._link_paths(index)
        self._set_input_raw(index, (source, out_index))
        self._world.undo.record_wire(self, index, before, self._link_paths(index))

    def _disconnect_input(self, index):
        if index >= len(self._inputs) or self._inputs[index] is None:
            return
        before = self._link_paths(index)
        self._set_input_raw(index, None)
        self._world.undo.record_wire(self, index, before, None)

    def _link_paths(self, index):
        link = self._inputs[index] if index < len(self._inputs) else None
        return (link[0].path, link[1]) if link else None

    def _set_input_raw(self, index, link):
        self._world.derived.changed()
        while len(self._inputs) <= index:
            self._inputs.append(None)
        old = self._inputs[index]
        if old is not None:
            old[0]._out_links.discard((self, index))
        self._inputs[index] = link
        if link is not None:
            link[0]._out_links.add((self, index))
        # Unlimited inputs have no gaps at the end: drop trailing empty slots.
        while self._inputs and self._inputs[-1] is None:
            self._inputs.pop()

    def _disconnect_all(self):
        for index in reversed(range(len(self._inputs))):
            if index < len(self._inputs) and self._inputs[index] is not None:
                self._set_input_raw(index, None)
        for target, index in list(self._out_links):
            if target._valid:
                target._set_input_raw(index, None)
        self._out_links.clear()


def wired_source(op, index, family):
    """The operator of `family` wired into input `index` of op; when a COMP is wired, the In/Out
    operator inside it that serves that output (its Out TOP, Out CHOP...)."""
    link = op._inputs[index] if index < len(op._inputs) else None
    if link is None:
        return None
    source, out_index = link
    if source.isCOMP:
        outs = source._io_ops("out")
        source = outs[out_index] if out_index < len(outs) else None
    return source if source is not None and source.family == family else None
