"""COMP: operators that hold a network (td.COMP): create, copy, findChildren, custom pages.

Making operators (create, copy, .tox files) is the world's (its operator factory and storage,
reached through `_world`): they build every family, COMPs included.
"""
from __future__ import annotations

from ...op import extensions
from ...op.op import OP
from ...par.custompars import destroy_all
from ...par.pages import append_page
from ...values import naming
from ...values.errors import tdError
from .compconnectors import COMPConnector, comp_input, comp_outputs


class COMP(OP):
    family = "COMP"

    def __init__(self, world, parent, name):
        self._children: dict[str, OP] = {}
        self._comp_input = None  # the COMP wired into this one's top connector (compconnectors.py)
        super().__init__(world, parent, name)

    def __getattr__(self, name):
        # Only for members Python did not find: a promoted extension member (op('comp1').Scale).
        if name[:1].isupper():
            try:
                return extensions.promoted(self, name)
            except AttributeError:
                pass
        raise AttributeError(f"'td.{type(self).__name__}' object has no attribute '{name}'")

    # ---- extensions (extensions.py) ---------------------------------------------------------
    @property
    def extensions(self):
        return [obj for _name, obj, _promote in extensions.entries(self)]

    @property
    def extensionsReady(self):
        return getattr(self, "_ext_state", None) is not None

    def initializeExtensions(self, index=None):
        built = extensions.build(self, index)
        return built if index is None else (built[index] if index < len(built) else None)

    # ---- COMP-to-COMP wires (compconnectors.py) ---------------------------------------------
    @property
    def inputCOMPConnectors(self):
        return [COMPConnector(self, True)]

    @property
    def outputCOMPConnectors(self):
        return [COMPConnector(self, False)]

    @property
    def inputCOMPs(self):
        source = comp_input(self)
        return [source] if source is not None else []

    @property
    def outputCOMPs(self):
        return comp_outputs(self)

    # ---- children ---------------------------------------------------------------------------
    def create(self, opType, name=None, initialize=True):
        """Create an operator inside this COMP. A name in use gives the next numbered name.
        initialize=False skips the operator's initialization script (COMP Class: the Light COMP's
        builds a network of SOPs inside it), so the new COMP starts empty."""
        return self._world.factory.create(self, opType, name, initialize=bool(initialize))

    def copy(self, source, name=None, includeDocked=True):
        if not isinstance(source, OP):
            raise tdError("copy() takes an operator, not a path")
        return self._world.factory.copy_into(self, [source], name)[0]

    def copyOPs(self, sources):
        return self._world.factory.copy_into(self, list(sources), None)

    def findChildren(self, type=None, name=None, path=None, depth=None, maxDepth=None,
                     text=None, comment=None, tags=None, allTags=False, parValue=None,
                     parExpr=None, parName=None, onlyNonDefaults=False, includeUtility=False,
                     key=None):
        out = []

        def wanted(node, level):
            if depth is not None and level != depth:
                return False
            if type is not None and not _type_matches(node, type):
                return False
            if name is not None and not naming.match(str(name), node._name):
                return False
            if path is not None and not naming.match(str(path), node.path):
                return False
            if comment is not None and not naming.match(str(comment), node._comment):
                return False
            if text is not None and not (node.isDAT and naming.match(str(text), node.text)):
                return False
            if tags:
                hits = [any(naming.match(t, have) for have in node._tags) for t in tags]
                if not (all(hits) if allTags else any(hits)):
                    return False
            if parName is not None or parValue is not None or parExpr is not None or onlyNonDefaults:
                if not _par_filter(node, parName, parValue, parExpr, onlyNonDefaults):
                    return False
            if key is not None and not key(node):
                return False
            return True

        def walk(comp, level):
            if maxDepth is not None and level > maxDepth:
                return
            if depth is not None and level > depth:
                return
            for child in list(comp._children.values()):
                if wanted(child, level):
                    out.append(child)
                if child.isCOMP:
                    walk(child, level + 1)

        walk(self, 1)
        return out

    # ---- component files (tox.py) ------------------------------------------------------------
    def save(self, filepath=None, createFolders=False, password=None):
        """Write this component to a .tox (tdsim's JSON format); returns the file path."""
        return self._world.storage.save_tox(self, filepath, createFolders, password)

    def saveByteArray(self, password=None):
        return self._world.storage.tox_bytes(self, password)

    def loadTox(self, filepath, unwired=False, pattern=None, password=None):
        """Load a .tox written by tdsim into this component; returns the new COMP."""
        storage = self._world.storage
        return storage.load_tox(self, storage.read_file(filepath), filepath, pattern, password)

    def loadByteArray(self, byteArray, unwired=False, pattern=None, password=None):
        return self._world.storage.load_tox(self, byteArray, "the byte array", pattern, password)

    # ---- custom parameters ------------------------------------------------------------------
    def appendCustomPage(self, name):
        return append_page(self, name)

    def destroyCustomPars(self):
        return destroy_all(self)

    def sortCustomPages(self, *names):
        order = {n: i for i, n in enumerate(names)}
        self._custom_pages.sort(key=lambda p: order.get(p.name, len(order)))

    @property
    def currentChild(self):
        for child in self._children.values():
            if child._flags["current"]:
                return child
        return None

    @property
    def selectedChildren(self):
        return [c for c in self._children.values() if c._flags["selected"]]


def _type_matches(node, wanted):
    if isinstance(wanted, str):
        return node.OPType == wanted or node.family == wanted
    if isinstance(wanted, (list, tuple, set)):
        return any(_type_matches(node, w) for w in wanted)
    try:
        return isinstance(node, wanted)
    except TypeError:
        return False


def _par_filter(node, par_name, par_value, par_expr, only_non_defaults):
    for p in node._pars.values():
        if par_name is not None and not naming.match(str(par_name), p.name):
            continue
        if only_non_defaults and p.isDefault:
            continue
        if par_value is not None and not naming.match(str(par_value), str(p._val)):
            continue
        if par_expr is not None and not naming.match(str(par_expr), p._expr):
            continue
        return True
    return False
