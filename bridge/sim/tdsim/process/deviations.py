"""TDSIM_DEVIATE: a test-only switch that makes tdsim deviate from TouchDesigner on purpose.

It exists so that a test can show the bridge's conformance suite (svc_bridge/conformance) is
sensitive: with a deviation on, exactly the checks of that behaviour must FAIL. Never set it
otherwise: tdsim is then knowingly wrong. A comma-separated list of names, read at each use:

    sequence_no_grow       Sequence.numBlocks ignores a count larger than the current one
    bind_no_write_through  writing a bound parameter writes the parameter itself (constant), not its master
    undo_item_missing      ui.undo.endBlock() records no item, so undo() cannot take the block back
"""
from __future__ import annotations

import os

KNOWN = ("sequence_no_grow", "bind_no_write_through", "undo_item_missing")


def active(name: str) -> bool:
    if name not in KNOWN:
        raise ValueError(f"unknown tdsim deviation {name!r}")
    wanted = os.environ.get("TDSIM_DEVIATE", "")
    return name in {part.strip() for part in wanted.split(",")}
