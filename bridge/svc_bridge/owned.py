"""The bridge's own operators, which no route or batch may change.

Whoever can rewrite the callbacks DAT, retarget the Web Server DAT or put a module where the
callbacks import it runs Python inside TouchDesigner with exec closed. So the Web Server DAT
that serves the request, the callbacks DAT it names and the `svc_bridge` COMP the installer
makes (with everything in it) are read-only, and no operator may take the name of a module the
callbacks import in the components where TouchDesigner looks DAT modules up first.
"""

from .errors import BridgeError

INSTALL_COMP_NAME = "svc_bridge"  # svc_bridge.install.COMP_NAME; install imports td, this must not
# `import name` in a DAT finds a DAT of that name before the file system (TouchDesigner's MOD
# class documentation). The callbacks import these. Which components are searched is UNVERIFIED:
# the callbacks DAT's own component and /local/modules are assumed.
IMPORTED_MODULES = ("svc_bridge", "os", "sys")
MODULE_COMPONENTS = ("/local/modules",)


def owned_paths(webserver):
    """Paths of the bridge's operators: (exact paths, COMP paths whose whole subtree is owned)."""
    exact, trees = set(), set()
    server_path = getattr(webserver, "path", None)
    if not isinstance(server_path, str):
        return exact, trees
    exact.add(server_path)
    callbacks = _callbacks_dat(webserver)
    if callbacks is not None:
        exact.add(callbacks.path)
    parent = webserver.parent()
    if parent is not None and parent.name == INSTALL_COMP_NAME:
        trees.add(parent.path)
    return exact, trees


def _callbacks_dat(webserver):
    par = getattr(webserver.par, "callbacks", None)
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


def check_writable(path, webserver, field="path"):
    if isinstance(path, str) and is_owned(path, webserver):
        raise BridgeError("bridge_read_only", "%s is one of the bridge's own operators; no request may change it"
                          % path, path=path, field=field)


def check_module_name(parent_path, name, webserver, field="name"):
    """Refuses a new name that would shadow a module the callbacks import."""
    if name not in IMPORTED_MODULES:
        return
    server_parent = webserver.parent() if getattr(webserver, "path", None) else None
    components = set(MODULE_COMPONENTS)
    if server_parent is not None:
        components.add(server_parent.path)
    if parent_path in components:
        raise BridgeError("bridge_read_only", "an operator named %r in %s would replace a module the bridge imports"
                          % (name, parent_path), path=parent_path, field=field)
