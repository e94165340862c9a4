"""What an operator looks like in the network and how it is labelled: comment, colour, node box,
tags (td.OP members). Every change is undo-recorded (_set_attr)."""
from __future__ import annotations

from ..values.errors import tdError

# UNVERIFIED appearance defaults of a new node: grey tile of 130 x 90 network units.
DEFAULT_COLOR = (0.55, 0.55, 0.55)
DEFAULT_NODE_SIZE = (130, 90)


class AppearanceMixin:
    def _set_attr(self, attr, value):
        self._world.undo.record_attr(self, attr, self._get_raw(attr), value)
        self._set_raw(attr, value)

    def _get_raw(self, attr):
        if attr.startswith("flag:"):
            return self._flags[attr[5:]]
        if attr.startswith("node:"):
            return self._node[int(attr[5:])]
        return getattr(self, "_" + attr)

    def _set_raw(self, attr, value):
        self._world.derived.changed()
        if attr.startswith("flag:"):
            self._flags[attr[5:]] = value
        elif attr.startswith("node:"):
            self._node[int(attr[5:])] = value
        elif attr == "content":
            self._content_raw(value)
        else:
            setattr(self, "_" + attr, value)

    @property
    def comment(self):
        return self._comment

    @comment.setter
    def comment(self, text):
        self._set_attr("comment", "" if text is None else str(text))

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, rgb):
        try:
            r, g, b = (float(c) for c in rgb)
        except (TypeError, ValueError):
            raise tdError("color takes three numbers (r, g, b)") from None
        self._set_attr("color", (r, g, b))

    def _node_property(index):
        def get(self):
            return self._node[index]

        def set_(self, value):
            self._set_attr(f"node:{index}", int(value))
        return property(get, set_)

    nodeX = _node_property(0)
    nodeY = _node_property(1)
    nodeWidth = _node_property(2)
    nodeHeight = _node_property(3)
    del _node_property

    @property
    def nodeCenterX(self):
        return self._node[0] + self._node[2] // 2

    @nodeCenterX.setter
    def nodeCenterX(self, x):
        self.nodeX = int(x) - self._node[2] // 2

    @property
    def nodeCenterY(self):
        return self._node[1] + self._node[3] // 2

    @nodeCenterY.setter
    def nodeCenterY(self, y):
        self.nodeY = int(y) - self._node[3] // 2

    def resetNodeSize(self):
        self.nodeWidth, self.nodeHeight = DEFAULT_NODE_SIZE

    # Docking (OP Class: `dock` "the operator this operator is docked to; to clear docking, set this
    # member to None", `docked` "the list of operators docked to this node"). tdsim keeps the host
    # itself (a rename keeps the dock; a destroyed host ends it). UNVERIFIED and not emulated: whether moving a host from Python moves
    # what is docked to it (the editor does when dragging), and docking across networks.
    _dock_host = None

    @property
    def dock(self):
        host = self._dock_host
        if host is None or not host._valid or host._parent is not self._parent:
            return None
        return host

    @dock.setter
    def dock(self, host):
        if host is None:
            self._set_attr("dock_host", None)
            return
        if getattr(host, "_parent", None) is not self._parent or host is self:
            raise tdError("an operator can only be docked to another operator of the same network")
        self._set_attr("dock_host", host)

    @property
    def docked(self):
        parent = self._parent
        if parent is None:
            return []
        return [c for c in parent._children.values() if c is not self and c.dock is self]

    # ---- tags and storage -------------------------------------------------------------------
    @property
    def tags(self):
        return self._tags

    @tags.setter
    def tags(self, values):
        if isinstance(values, str):
            values = [values]
        self._set_attr("tags", set(str(v) for v in values))

