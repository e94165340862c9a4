"""Installs the bridge into the open TouchDesigner project (run from the textport line that
`svc install-bridge` prints).

Creates, or updates when present, a Base COMP `svc_bridge` under `parent` holding a Text DAT
`callbacks` (the callbacks template, pointed at the staged folder) and a Web Server DAT
`webserver` on `port`, then turns the server on. Running it again with a newer staged folder
upgrades in place.

Real-TouchDesigner behaviour of this installer is UNVERIFIED (see bridge/README.md, Install).
"""

import os
import re
import sys

import td

COMP_NAME = "svc_bridge"
TEMPLATE = os.path.join("callbacks", "webserver_callbacks.py")


def _callbacks_text(folder):
    with open(os.path.join(folder, TEMPLATE), encoding="utf-8") as handle:
        text = handle.read()
    line = "SVC_BRIDGE_DIR = %r" % folder
    text, count = re.subn(r'^SVC_BRIDGE_DIR = "".*$', lambda m: line, text, count=1, flags=re.M)
    if count != 1:
        raise RuntimeError("the callbacks template has no SVC_BRIDGE_DIR line to fill in")
    return text


def _child(parent, name, op_type):
    found = parent.op(name)
    if found is None:
        return parent.create(op_type, name)
    if found.OPType != op_type.__name__:
        raise RuntimeError("%s/%s exists and is a %s, not a %s" % (parent.path, name, found.OPType, op_type.__name__))
    return found


PACKAGE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")


def save_to_palette(comp, palette_dir=None, package_name=COMP_NAME):
    """Saves the installed bridge COMP as <palette_dir>/<package_name>.tox, so the Palette browser
    offers it for dragging into other projects; palette_dir defaults to app.userPaletteFolder.

    The saved copy's callbacks still name the staged folder, so it works on this machine, where
    that folder is. Real-TouchDesigner behaviour (the folder and the browser listing) is UNVERIFIED."""
    if not PACKAGE_NAME.match(package_name or ""):
        raise RuntimeError("package name %r: a letter, then letters, digits or _ (at most 64)" % (package_name,))
    folder = palette_dir or str(getattr(td.app, "userPaletteFolder", "") or "")
    if not folder:
        raise RuntimeError("this build names no user palette folder; give palette_dir")
    path = os.path.join(os.path.abspath(folder), package_name + ".tox")
    saved = comp.save(path, createFolders=True)
    print("svc bridge: saved %s to the palette as %s" % (comp.path, saved))
    return saved


def install(folder, port=9980, parent="/", palette=False, palette_dir=None, package_name=COMP_NAME):
    folder = os.path.abspath(folder)
    # One staged bridge on sys.path: the newest install wins.
    sys.path[:] = [p for p in sys.path if os.path.abspath(p) == folder or
                   not os.path.isfile(os.path.join(p, "svc_bridge", "__init__.py"))]
    if folder not in sys.path:
        sys.path.insert(0, folder)
    host = td.root if parent == "/" else td.op(parent)
    if host is None:
        raise RuntimeError("no COMP at %s" % parent)
    comp = _child(host, COMP_NAME, td.baseCOMP)
    callbacks = _child(comp, "callbacks", td.textDAT)
    callbacks.text = _callbacks_text(folder)
    server = _child(comp, "webserver", td.webserverDAT)
    server.par.callbacks = callbacks.path
    server.par.port = int(port)
    server.par.active = True
    print("svc bridge: %s serving on http://127.0.0.1:%d (bridge folder %s)" % (server.path, int(port), folder))
    if palette:
        save_to_palette(comp, palette_dir, package_name)
    return server.path
