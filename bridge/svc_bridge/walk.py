"""Bounded walks over a COMP's descendants, shared by topology, errors, performance, analysis."""

from collections import deque

from . import config
from .errors import BridgeError


class Walk:
    """Breadth-first descendants of root (root excluded) up to max_depth, within max_nodes and the budget.

    After iterating, `complete` says whether every descendant in range was visited, and
    `stopped_by` names the limit that ended it (max_nodes, time) or, for depth, max_depth.
    """

    def __init__(self, root, budget, max_depth=1, max_nodes=config.MAX_SCAN_NODES):
        self.root = root
        self.budget = budget
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.visited = 0
        self.stopped_by = None
        self.deeper = False

    @property
    def complete(self):
        return self.stopped_by is None

    def __iter__(self):
        queue = deque((child, 1) for child in self.root.children)
        while queue:
            if self.visited >= self.max_nodes:
                self.stopped_by = "max_nodes"
                return
            if self.budget.spent():
                self.stopped_by = "time"
                return
            node, depth = queue.popleft()
            self.visited += 1
            yield node, depth
            if node.isCOMP:
                kids = node.children
                if kids and depth < self.max_depth:
                    queue.extend((child, depth + 1) for child in kids)
                elif kids:
                    self.deeper = True


class PagedWalk:
    """One page of a complete walk: descendants of root (root excluded) in depth-first pre-order,
    children by name, strictly after the path `after` (None: from the start).

    A page stops at max_nodes or when the budget is spent, always after at least one node so every
    page makes progress; `next_after` is then the last path listed, and a later request with it
    carries on exactly there. Resuming goes by name, not by position: nodes created or deleted
    between pages shift nothing. `complete` is true on the page that reaches the end.
    """

    def __init__(self, root, budget, max_depth, max_nodes, after=None):
        self.root = root
        self.budget = budget
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.after = _relative_parts(root.path, after)
        self.visited = 0
        self.stopped_by = None
        self.next_after = None
        self.deeper = False

    @property
    def complete(self):
        return self.stopped_by is None

    def __iter__(self):
        for node, depth in self._descend(self.root, 1, self.after):
            if self.visited == 0:
                # Finding where the page resumes costs every page alike (a wide COMP's children
                # are sorted again); the budget is for listing, so it counts from the first node.
                self.budget.restart()
            if self.visited > 0 and (self.visited >= self.max_nodes or self.budget.spent()):
                self.stopped_by = "max_nodes" if self.visited >= self.max_nodes else "time"
                return
            self.visited += 1
            self.next_after = node.path
            yield node, depth
        self.next_after = None

    def _descend(self, comp, depth, after):
        first = after[0] if after else None
        children = comp.children
        if first is not None:
            # Only the children from the resume point on are sorted, not the whole COMP again.
            children = [c for c in children if c.name >= first]
        for child in sorted(children, key=lambda c: c.name):
            if first is not None and child.name == first:
                # Listed on an earlier page (or its subtree partly): carry on below it.
                rest = after[1:]
                if child.isCOMP and depth < self.max_depth:
                    for item in self._descend(child, depth + 1, rest):
                        yield item
                continue
            yield child, depth
            if child.isCOMP and child.children:
                if depth < self.max_depth:
                    for item in self._descend(child, depth + 1, None):
                        yield item
                else:
                    self.deeper = True


def _relative_parts(root_path, after):
    """The names from root down to `after`; [] for None. A path outside root is refused."""
    if after is None:
        return []
    prefix = root_path.rstrip("/") + "/"
    if not after.startswith(prefix) or after == prefix:
        raise BridgeError("invalid_query", "query 'after' must be a path inside %s" % root_path, field="after")
    return after[len(prefix):].split("/")
