"""The bridge's own operators, which no route may change.

Whoever can rewrite the callbacks DAT, retarget the Web Server DAT or put a module where the
callbacks import it runs Python inside TouchDesigner with exec closed. The bridge's operators are
the Web Server DAT serving the request, the callbacks DAT it names and, when the installer made
it, the `svc_bridge` COMP with everything in it. They are immutable through every route, three ways:

- refused before any change: a request naming one of them as what it changes (`check_writable`),
  deleting or renaming a COMP that holds them, copying them, pulsing their parameters, placing
  them, and a bind whose master is one of their parameters (a write to the bound parameter writes
  the master: `check_bind`);
- the whole search path of TouchDesigner's module lookup is guarded: no operator may take the name
  of a module Python could import (the bridge's package, what its callbacks and modules import, any
  module on sys.path) where `import` or `mod` in the callbacks DAT would find it first
  (`check_new_paths`);
- as a last line, every changing request compares the state of the bridge's operators before and
  after (`Guard`): a difference fails the request, whose journal then puts everything back, so a
  route this module does not know still cannot change them.
"""

import hashlib
import importlib.util
import sys

import td

from .errors import BridgeError

INSTALL_COMP_NAME = "svc_bridge"  # svc_bridge.install.COMP_NAME (install builds the COMP; this module only reads it)
# Modules the callbacks import before anything else (webserver_callbacks.py).
IMPORTED_MODULES = ("svc_bridge", "os", "sys")


def owned_paths(webserver):
    """Paths of the bridge's operators: (exact paths, COMP paths whose whole subtree is owned)."""
    exact, trees = set(), set()
    server_path = getattr(webserver, "path", None)
    if not isinstance(server_path, str):
        return exact, trees
    exact.add(server_path)
    callbacks = callbacks_dat(webserver)
    if callbacks is not None:
        exact.add(callbacks.path)
    parent = webserver.parent()
    if parent is not None and parent.name == INSTALL_COMP_NAME:
        trees.add(parent.path)
    return exact, trees


def callbacks_dat(webserver):
    par = getattr(getattr(webserver, "par", None), "callbacks", None)
    try:
        target = par.eval() if par is not None else None
    except Exception:
        return None
    return target if isinstance(getattr(target, "path", None), str) else None


def _inside(path, root):
    return path == root or path.startswith(root.rstrip("/") + "/")


def is_owned(path, webserver):
    exact, trees = owned_paths(webserver)
    return path in exact or any(_inside(path, tree) for tree in trees)


def holds_owned(path, webserver):
    """True when deleting or renaming `path` would take a bridge operator with it."""
    exact, trees = owned_paths(webserver)
    return any(_inside(owned, path) for owned in exact | trees)


def _refuse(path, field, how="change"):
    raise BridgeError("bridge_read_only", "%s is one of the bridge's own operators; no request may %s it"
                      % (path, how), path=path, field=field)


def check_writable(path, webserver, field="path"):
    if isinstance(path, str) and is_owned(path, webserver):
        _refuse(path, field)


# -- binds -------------------------------------------------------------------------------------------

def _masters(par):
    """The parameters a write to `par` reaches through binds (a bind reference writes its master)."""
    seen, current = [], par
    while current is not None and len(seen) < 32:
        try:
            master = current.bindMaster
        except Exception:
            return seen
        if master is None or not hasattr(master, "owner") or any(m is master for m in seen):
            return seen
        seen.append(master)
        current = master
    return seen


def check_bind(par, webserver=None):
    """Refuses when writing `par` would write a parameter of the bridge's operators through a bind."""
    server = webserver if webserver is not None else _serving
    for master in _masters(par):
        path = getattr(master.owner, "path", None)
        if isinstance(path, str) and is_owned(path, server):
            raise BridgeError("bridge_read_only", "%s.%s is bound to %s.%s, a parameter of the bridge's own operators: "
                              "writing it would write the bridge" % (par.owner.path, par.name, path, master.name),
                              path=path, param=master.name)


# -- the module search path --------------------------------------------------------------------------

def search_path(webserver):
    """The components where `import name` / `mod.name` in the callbacks DAT finds a DAT, as paths
    (MOD Class, Search Path: the current component, then the local/modules component of it and of
    each parent in turn). The callbacks DAT's component is the current one."""
    callbacks = callbacks_dat(webserver) if webserver is not None else None
    anchor = callbacks if callbacks is not None else webserver
    parent = anchor.parent() if anchor is not None and getattr(anchor, "path", None) else None
    if parent is None:
        return set()
    components = {parent.path}
    path = parent.path
    while True:
        components.add((path.rstrip("/") + "/local/modules").replace("//", "/"))
        if path == "/":
            break
        path = path.rsplit("/", 1)[0] or "/"
    return components


def is_module_name(name):
    """A name `import` could mean: the bridge's, one its callbacks import, or any module Python finds."""
    if name in IMPORTED_MODULES or name in sys.modules:
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def check_new_paths(paths, webserver, field="name"):
    """Refuses operators that would appear at `paths` when one would shadow a module on the search path."""
    components = search_path(webserver)
    if not components:
        return
    for path in paths:
        parent, _, name = path.rpartition("/")
        if (parent or "/") in components and is_module_name(name):
            raise BridgeError("bridge_read_only", "an operator named %r in %s would be found by the bridge's `import %s` "
                              "(TouchDesigner looks DATs up first along its module search path) and replace a module "
                              "it imports" % (name, parent or "/", name), path=parent or "/", field=field)


def subtree_paths(node, new_path):
    """The paths node and everything in it would have at new_path (a copy, a move, a rename)."""
    out = [new_path]
    old = node.path
    stack = list(node.children) if getattr(node, "isCOMP", False) else []
    while stack:
        child = stack.pop()
        out.append(new_path + child.path[len(old):])
        if getattr(child, "isCOMP", False):
            stack.extend(child.children)
    return out


# -- the state of the bridge's operators, before and after a request ----------------------------------

_serving = None  # the Web Server DAT of the request being served (requests run one at a time)
_before = None


def _state(webserver):
    """A digest of everything a request could change on the bridge's operators."""
    exact, trees = owned_paths(webserver)
    if not exact:
        return None
    nodes = []
    for path in sorted(p for p in exact if not any(_inside(p, t) for t in trees)):
        node = td.op(path)
        nodes.append(_describe(node) if node is not None else (path, None))
    for root in sorted(trees):
        stack = [td.op(root)]
        while stack:
            node = stack.pop()
            if node is None:
                nodes.append((root, None))
                continue
            nodes.append(_describe(node))
            if getattr(node, "isCOMP", False):
                stack.extend(sorted(node.children, key=lambda c: c.name, reverse=True))
    return hashlib.sha256(repr(nodes).encode("utf-8", "replace")).hexdigest()


def _describe(node):
    pars = [(par.name, str(par.mode), repr(par.val), par.expr, par.bindExpr) for par in node.pars()]
    flags = tuple(getattr(node, f, None) for f in ("bypass", "lock", "display", "render", "viewer", "allowCooking"))
    text = node.text if getattr(node, "isDAT", False) and node.OPType != "webserverDAT" else None
    return (node.path, node.OPType, node.name, tuple(pars), flags, text, node.comment, tuple(node.color),
            tuple(sorted(node.tags)), node.nodeX, node.nodeY, tuple(sorted(node.storage)),
            tuple(i.path for i in node.inputs if i is not None),
            tuple(p.name for p in getattr(node, "customPages", [])))


class Guard:
    """Around one request: remembers the bridge's operators' state, and `verify()` fails when it changed."""

    def __init__(self, webserver):
        self.webserver = webserver
        self.outer = None

    def __enter__(self):
        global _serving, _before
        # A request sent in process by a running one (the conformance suite) nests: the outer
        # request's guard is put back when the inner one ends, so both are verified.
        self.outer = (_serving, _before)
        _serving = self.webserver
        _before = _state(self.webserver)
        return self

    def __exit__(self, *exc):
        global _serving, _before
        _serving, _before = self.outer
        return False


def verify():
    """Fails the running request when it changed the bridge's operators (the caller rolls back)."""
    if _before is None:
        return
    if _state(_serving) != _before:
        raise BridgeError("bridge_read_only", "the request changed the bridge's own operators; it was refused and "
                          "rolled back", path=getattr(_serving, "path", None))


def serving():
    return _serving
