"""One named TouchDesigner undo block per mutating request, and the receipt of spec 2.3.

`undo_label` is given only when exactly one new item appeared on the undo stack: then it is
the environment's own name for it. Labels are diagnostics, never undo identities.
"""

import td


def _stack():
    try:
        return list(td.ui.undo.undoStack)
    except Exception:  # a build without a readable stack: no label, but the block still runs
        return None


def _item_name(item):
    if isinstance(item, str):
        return item
    name = getattr(item, "name", None)
    return name if isinstance(name, str) else str(item)


class UndoBlock:
    def __init__(self, label):
        self.label = label
        self.before = None
        self.after = None

    def __enter__(self):
        self.before = _stack()
        td.ui.undo.startBlock(self.label)
        return self

    def __exit__(self, exc_type, exc, tb):
        td.ui.undo.endBlock()
        self.after = _stack()
        return False

    def receipt(self):
        """{undo_label?, undo_wrapper_label?} for the reply."""
        receipt = {}
        if self.before is None or self.after is None:
            return receipt
        if len(self.after) != len(self.before) + 1:
            return receipt
        # Which end of the stack is newest is not documented: accept either, when unambiguous.
        before = [_item_name(i) for i in self.before]
        after = [_item_name(i) for i in self.after]
        if after[:-1] == before:
            label = after[-1]
        elif after[1:] == before:
            label = after[0]
        else:
            return receipt
        receipt["undo_label"] = label
        if label != self.label:
            receipt["undo_wrapper_label"] = self.label
        return receipt
