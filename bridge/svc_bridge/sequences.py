"""Parameter sequences: svc reads and writes a sequence's header parameter as its block count.

In TouchDesigner a sequence (`op.seq.vec`) holds repeated blocks of parameters (`vec0name`,
`vec1name`, ...); `numBlocks` creates and destroys blocks. svc's `.svcnet` writes the count on the
header's name (`vec: 3`), so the bridge sets and reports `numBlocks` there, whatever the header
parameter's own value is. Blocks a smaller count destroys are recorded with their parameters, so a
rollback brings them back with their values.
"""

from .errors import BridgeError


def header_sequence(par):
    """The Sequence whose header `par` is, or None."""
    if not par.isSequence or par.isCustom:
        return None
    try:
        return getattr(par.owner.seq, par.name)
    except Exception:
        return None


def block_counts(node):
    """{sequence name: numBlocks} of the node's built-in sequences."""
    counts = {}
    for par in node.pars():
        seq = header_sequence(par)
        if seq is not None:
            counts[par.name] = seq.numBlocks
    return counts


def _block_pars(seq, first):
    return [p for block in seq.blocks[first:] for group in block for p in group]


def set_blocks(par, seq, value, journal):
    """numBlocks = value, recorded so a rollback restores the count and the destroyed blocks."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value) or value < 0:
        raise BridgeError("invalid_param_value", "%s.%s is a block count: %r is not a whole number of blocks"
                          % (par.owner.path, par.name, value), path=par.owner.path, param=par.name)
    count = int(value)
    limit = seq.maxBlocks
    if limit is not None and count > limit:
        raise BridgeError("invalid_param_value", "%s.%s takes at most %d blocks" % (par.owner.path, par.name, limit),
                          path=par.owner.path, param=par.name)
    before = seq.numBlocks
    if count == before:
        return
    from .params_write import par_snapshot_plain, restore_par
    # Last recorded runs first on rollback: the count comes back before the parameters it holds.
    for state in [par_snapshot_plain(p) for p in _block_pars(seq, count) if not (p.isPulse or p.isMomentary)]:
        journal.record("restore %s.%s" % (state["path"], state["name"]), lambda s=state: restore_par(s))
    path, name = par.owner.path, par.name

    def back():
        from .live import require_op
        getattr(require_op(path).seq, name).numBlocks = before
    journal.record("restore %s.%s blocks" % (path, name), back)
    seq.numBlocks = count
