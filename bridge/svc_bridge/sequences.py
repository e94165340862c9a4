"""Parameter sequences: svc reads and writes a sequence's header parameter as its block count.

In TouchDesigner a sequence (`op.seq.vec`) holds repeated blocks of parameters (`vec0name`,
`vec1name`, ...); `numBlocks` creates and destroys blocks. svc's `.svcnet` writes the count on the
header's name (`vec: 3`), so the bridge sets and reports `numBlocks` there, whatever the header
parameter's own value is. Writing a count is params_write.set_blocks.
"""


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
