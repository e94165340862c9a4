"""Bounded walks over a COMP's descendants, shared by topology, errors, performance, analysis."""

from collections import deque

from . import config


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
