"""Parameter sequences (td.Sequence, td.SequenceBlock, OP.seq): blocks of parameters repeated under
one header, named <sequence><block><suffix> (`vec0name`, `vec1name`, ...).

Setting `numBlocks` creates or destroys whole blocks, as pressing + and - in TouchDesigner does: a new
block's parameters start at their defaults, a destroyed block's Par objects become invalid. Which
blocks a fresh operator has comes from the kb (`defaultBlocks`, mostly ASSUMED: the blocks the docs
list). UNVERIFIED: the value of the header parameter itself is not the block count (the live POP dump
reports 0 with block 0 present), so tdsim leaves it alone; `destroyBlock` of a middle block moves
the later blocks' values down one block and removes the last block (TouchDesigner renumbers them).
`insertBlock`, `moveBlock`, `reorderBlocks` and `sortBlocks` (Sequence Class page) are emulated the
same way: blocks keep their names by position and their values move (value, mode, expression and
bind of every parameter). Custom sequences (`Page.appendSequence`, `blockSize` changes) are not
emulated (bridge/TDSIM-GAPS.md).
"""
from __future__ import annotations

from ..values.errors import tdAttributeError, tdError
from .par import ParCore, handle
from .parcollections import ParGroup
from .pardef import ParDef, defs_for
from ..process import deviations

# Blocks are built from block 0's definitions; the clones are shared by every operator of a type.
_block_defs: dict[tuple[str, str, int], list[list[ParDef]]] = {}


def _clone(d: ParDef, name: str, group_name: str, block: int) -> ParDef:
    c = ParDef.__new__(ParDef)
    for slot in ParDef.__slots__:
        setattr(c, slot, getattr(d, slot))
    c.name, c.group_name, c.block_index = name, group_name, block
    return c


def _spec(op, name):
    for s in op._spec.sequences if op._spec is not None else ():
        if s.name == name:
            return s
    return None


def block_defs(op_spec, seq, block: int) -> list[list[ParDef]]:
    """The ParDefs of block `block` of `seq`, one list per template entry (tuplets give several)."""
    key = (op_spec.type, seq.name, block)
    got = _block_defs.get(key)
    if got is not None:
        return got
    by_group = {g[0].group_name: g for g in defs_for(op_spec)}
    listed = {g[0].group_name: g for g in defs_for(op_spec)
              if g[0].sequence == seq.name and g[0].block_index == block}
    groups = []
    for suffix, param, comps in seq.block_params:
        group_name = f"{seq.name}{block}{suffix}"
        if group_name in listed:
            groups.append(listed[group_name])
            continue
        template = by_group.get(param)
        if template is None:
            continue
        names = [f"{seq.name}{block}{c}" for c in comps] if comps else [group_name]
        groups.append([_clone(d, n, group_name, block) for d, n in zip(template, names)])
    _block_defs[key] = groups
    return groups


def _page_of(op, page_name):
    for page in op._pages:
        if page.name == page_name:
            return page
    return None


def _add_block(op, seq, block):
    for defs in block_defs(op._spec, seq, block):
        if defs[0].name in op._pars:
            continue  # a block the catalog lists is built with the operator
        page = _page_of(op, defs[0].page_name) if defs[0].page_name else None
        pars = [ParCore(op, d, page) for d in defs]
        for p in pars:
            op._pars[p.name] = p
        group = ParGroup(op, defs[0].group_name, pars, page)
        op._groups[group.name] = group
        if page is not None:
            # After the sequence's last group on the page, so blocks stay in order.
            at = len(page._groups)
            for i, g in enumerate(page._groups):
                if g._pars and g._pars[0]._def.sequence == seq.name:
                    at = i + 1
            page._groups.insert(at, group)


def _remove_block(op, seq, block):
    w = op._world
    for defs in block_defs(op._spec, seq, block):
        group = op._groups.pop(defs[0].group_name, None)
        if group is not None and group.page is not None and group in group.page._groups:
            group.page._groups.remove(group)
        for d in defs:
            p = op._pars.pop(d.name, None)
            if p is not None:
                p._valid = False
                w.live_pars.discard(p)


def _block_states(op, seq, block):
    return {d.name: op._pars[d.name]._state() for defs in block_defs(op._spec, seq, block)
            for d in defs if d.name in op._pars}


def resize(op, name, count, record=True):
    """Give sequence `name` exactly `count` blocks; destroyed blocks' values are kept for undo."""
    seq = _spec(op, name)
    current = op._seq_counts[name]
    if count == current:
        return
    saved = {}
    for block in range(current - 1, count - 1, -1):
        saved.update(_block_states(op, seq, block))
        _remove_block(op, seq, block)
    for block in range(current, count):
        _add_block(op, seq, block)
    op._seq_counts[name] = count
    undo = op._world.undo
    if record and undo.recording:
        path = op.path

        def back():
            target = undo._find(path)
            resize(target, name, current, record=False)
            for par_name, state in saved.items():
                target._pars[par_name]._apply_state(state)
        undo._add(back, lambda: resize(undo._find(path), name, count, record=False))


def default_counts(op):
    """The block count of each sequence on a fresh operator of op's type."""
    return {} if op._spec is None else {
        s.name: max(s.default_blocks, _listed_blocks(op._spec, s)) for s in op._spec.sequences}


def _listed_blocks(op_spec, seq):
    names = {d.name for defs in defs_for(op_spec) for d in defs}
    listed = 0
    while block_defs(op_spec, seq, listed) and all(
            d.name in names and d.block_index == listed for defs in block_defs(op_spec, seq, listed) for d in defs):
        listed += 1
    return listed


def init_sequences(op):
    """The blocks a fresh operator has: those the catalog lists, grown to the kb's default count."""
    op._seq_counts = {}
    if op._spec is None:
        return
    for seq in op._spec.sequences:
        listed = _listed_blocks(op._spec, seq)
        op._seq_counts[seq.name] = listed
        if seq.default_blocks > listed:
            resize(op, seq.name, seq.default_blocks, record=False)


class SequenceBlock:
    """One block of a sequence (td.SequenceBlock): its parameters by name without the prefix."""

    def __init__(self, sequence, index):
        self._sequence = sequence
        self._index = index

    index = property(lambda self: self._index)
    sequence = property(lambda self: self._sequence)
    owner = property(lambda self: self._sequence.owner)

    def _prefix(self):
        return f"{self._sequence.name}{self._index}"

    def _check(self):
        if self._index >= self._sequence.numBlocks:
            raise tdError("Sequence block has been deleted")

    @property
    def par(self):
        self._check()
        return _BlockPars(self, groups=False)

    @property
    def parGroup(self):
        self._check()
        return _BlockPars(self, groups=True)

    @property
    def namePar(self):
        self._check()
        return handle(self.owner._pars.get(self._prefix() + "name"))

    @property
    def name(self):
        p = self.namePar
        return p.eval() if p is not None else ""

    @name.setter
    def name(self, value):
        p = self.namePar
        if p is None:
            raise tdError(f"Sequence '{self._sequence.name}' has no name parameter")
        p.val = value

    def destroy(self):
        self._sequence.destroyBlock(self._index)

    def __iter__(self):
        self._check()
        return iter([g for defs in block_defs(self.owner._spec, _spec(self.owner, self._sequence.name), self._index)
                     for g in [self.owner._groups.get(defs[0].group_name)] if g is not None])

    def __eq__(self, other):
        return isinstance(other, SequenceBlock) and other._sequence == self._sequence and other._index == self._index

    def __hash__(self):
        return hash((self._sequence.name, self._index))

    def __repr__(self):
        return f"type:SequenceBlock sequence:{self._sequence.name} index:{self._index}"


class _BlockPars:
    """SequenceBlock.par / .parGroup: names without the sequence prefix (`block.par.name`)."""
    __slots__ = ("_block", "_groups")

    def __init__(self, block, groups):
        object.__setattr__(self, "_block", block)
        object.__setattr__(self, "_groups", groups)

    def _lookup(self, name):
        block = object.__getattribute__(self, "_block")
        full = block._prefix() + name
        op = block.owner
        return op._groups.get(full) if object.__getattribute__(self, "_groups") else handle(op._pars.get(full))

    def __getattr__(self, name):
        found = self._lookup(name)
        if found is None:
            raise tdAttributeError(f"'td.ParCollection' object has no attribute '{name}'")
        return found

    def __getitem__(self, name):
        # parGroup['T'] returns None when not found; par['x'] raises, as documented.
        found = self._lookup(name)
        if found is None and not object.__getattribute__(self, "_groups"):
            raise tdAttributeError(f"'td.ParCollection' object has no attribute '{name}'")
        return found

    def __setattr__(self, name, value):
        self.__getattr__(name).val = value


class Sequence:
    """A parameter sequence of an operator (td.Sequence)."""

    def __init__(self, op, name):
        self._op = op
        self._name = name

    owner = property(lambda self: self._op)
    name = property(lambda self: self._name)
    blockName = property(lambda self: self._name)
    maxBlocks = property(lambda self: _spec(self._op, self._name).max_blocks)
    sequencePar = property(lambda self: handle(self._op._pars.get(self._name)))

    @property
    def blockSize(self):
        return len(_spec(self._op, self._name).block_params)

    @blockSize.setter
    def blockSize(self, value):
        raise tdError(f"Cannot change the block size of built-in sequence '{self._name}'")

    @property
    def numBlocks(self):
        return self._op._seq_counts[self._name]

    @numBlocks.setter
    def numBlocks(self, count):
        if isinstance(count, bool) or not isinstance(count, int):
            raise tdError(f"numBlocks takes a whole number, not {count!r}")
        limit = self.maxBlocks
        if count < 0 or (limit is not None and count > limit):
            raise tdError(f"Sequence '{self._name}' cannot have {count} blocks")
        if count > self.numBlocks and deviations.active("sequence_no_grow"):
            return  # a deliberate deviation for tests (TDSIM_DEVIATE, process/deviations.py)
        resize(self._op, self._name, count)

    @property
    def blocks(self):
        return [SequenceBlock(self, i) for i in range(self.numBlocks)]

    def _block(self, index):
        """Block `index`, unchecked (Par.sequenceBlock of a block parameter)."""
        return SequenceBlock(self, index)

    @property
    def blockPars(self):
        return [p for b in self.blocks for g in b for p in g]

    @property
    def blockParGroups(self):
        return [g for b in self.blocks for g in b]

    def __len__(self):
        return self.numBlocks

    def __iter__(self):
        return iter(self.blocks)

    def __getitem__(self, key):
        if isinstance(key, int) and not isinstance(key, bool):
            index = key + self.numBlocks if key < 0 else key
            if not 0 <= index < self.numBlocks:
                raise IndexError(f"sequence block index {key} out of range")
            return SequenceBlock(self, index)
        for block in self.blocks:
            if block.namePar is not None and block.name == key:
                return block
        raise tdError(f"Sequence '{self._name}' has no block named {key!r}")

    def _index(self, block, names=False, end=False):
        """A block given as an index (names: or a block name; SequenceBlock objects too).
        `end` also accepts numBlocks, the place after the last block."""
        if isinstance(block, SequenceBlock) and block.sequence == self:
            index = block.index
        elif names and isinstance(block, str):
            index = self[block].index
        else:
            index = block
        limit = self.numBlocks + (1 if end else 0)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < limit:
            raise tdError(f"Sequence '{self._name}' has no block {block!r}")
        return index

    def _permute(self, order):
        """Block i takes the values block order[i] had; one undo step per parameter changed."""
        seq = _spec(self._op, self._name)
        pars = self._op._pars
        states = [[[pars[d.name]._state() for d in defs] for defs in block_defs(self._op._spec, seq, i)]
                  for i in range(self.numBlocks)]
        for i, source in enumerate(order):
            if source == i:
                continue
            for defs, saved in zip(block_defs(self._op._spec, seq, i), states[source]):
                for d, state in zip(defs, saved):
                    dst = pars[d.name]
                    if dst._state() != state:
                        dst._change(lambda s=state, t=dst: t._apply_state(s))

    def destroyBlock(self, block):
        index = self._index(block)
        # Later blocks move down one place; the last block goes.
        n = self.numBlocks
        self._permute(list(range(index)) + list(range(index + 1, n)) + [index])
        self.numBlocks = n - 1

    def insertBlock(self, block):
        """A new block (template defaults) at `block`, an index from 0 to numBlocks; the blocks
        from there on move up one place. Returns the new block."""
        index = self._index(block, end=True)
        n = self.numBlocks
        self.numBlocks = n + 1  # raises beyond maxBlocks
        self._permute(list(range(index)) + [n] + list(range(index, n)))
        return SequenceBlock(self, index)

    def moveBlock(self, blockFrom, blockTo, num=1):
        """Moves `num` blocks starting at `blockFrom` so that the first of them is at `blockTo`
        (index, block name or SequenceBlock). UNVERIFIED: the Sequence Class page does not say
        whether `blockTo` counts before or after the moved blocks are taken out; tdsim reads it
        as their index afterwards, as a list move does."""
        start = self._index(blockFrom, names=True)
        to = self._index(blockTo, names=True)
        n = self.numBlocks
        if isinstance(num, bool) or not isinstance(num, int) or num < 1 or start + num > n or to + num > n:
            raise tdError(f"Sequence '{self._name}' cannot move {num!r} blocks from {start} to {to}")
        rest = [i for i in range(n) if not start <= i < start + num]
        self._permute(rest[:to] + list(range(start, start + num)) + rest[to:])

    def reorderBlocks(self, *indexes):
        """The blocks named by `indexes` take the places they occupy, in the order given; the
        rest stay (`reorderBlocks(1, 0)` swaps the first two)."""
        chosen = [self._index(i) for i in indexes]
        if len(set(chosen)) != len(chosen):
            raise tdError(f"reorderBlocks: a block is named twice in {indexes!r}")
        order = list(range(self.numBlocks))
        for place, source in zip(sorted(chosen), chosen):
            order[place] = source
        self._permute(order)

    def sortBlocks(self, key=None, baseName="", reverse=False):
        """Sorts by `key(block)`, by the value of the block parameter `baseName`, or by default by
        the block's name parameter (else its first parameter). Both key and baseName: an error."""
        if key is not None and baseName:
            raise tdError("sortBlocks takes a key or a baseName, not both")
        if baseName:
            def key(block):
                return block.par[baseName].eval()
        elif key is None:
            def key(block):
                first = block.namePar if block.namePar is not None else next(iter(block)).pars()[0]
                return first.eval()
        blocks = self.blocks
        order = sorted(range(len(blocks)), key=lambda i: key(blocks[i]), reverse=reverse)
        self._permute(order)

    def __eq__(self, other):
        return isinstance(other, Sequence) and other._op is self._op and other._name == self._name

    def __hash__(self):
        return hash((id(self._op), self._name))

    def __repr__(self):
        return f"type:Sequence name:{self._name} owner:{self._op.path}"


class SequenceCollection:
    """OP.seq: the operator's sequences by name (`op.seq.vec`, `op.seq['vec']`)."""
    __slots__ = ("_op",)

    def __init__(self, op):
        object.__setattr__(self, "_op", op)

    owner = property(lambda self: object.__getattribute__(self, "_op"))

    def _get(self, name):
        op = object.__getattribute__(self, "_op")
        if name not in op._seq_counts:
            raise tdAttributeError(f"'td.SequenceCollection' object has no attribute '{name}'")
        return Sequence(op, name)

    def __getattr__(self, name):
        return self._get(name)

    def __getitem__(self, name):
        return self._get(name)

    def __iter__(self):
        op = object.__getattribute__(self, "_op")
        return iter([Sequence(op, n) for n in op._seq_counts])

    def __len__(self):
        return len(object.__getattribute__(self, "_op")._seq_counts)
