"""Reloading the bridge's code without restarting TouchDesigner.

Python keeps an imported module for the life of the process, so after `svc install-bridge`
stages a newer bridge, TouchDesigner still runs the old one. From the textport:

    import svc_bridge.dev as dev; dev.reload_bridge()

(or the `reload_bridge` tool, through POST /api/dev/reload) imports every svc_bridge module
again from the folder on sys.path. The package object itself is re-run in place, so the Web Server
DAT's callbacks, which hold it, call the new code from the next request on.

Over HTTP the reload is exec (it imports whatever the folder holds): closed unless
SVC_BRIDGE_ALLOW_EXEC is set. Idempotency receipts survive it (receipts.py keeps them on `sys`).
What lives only in the old modules' memory starts empty: the log lines, open transactions, event subscriptions, pending interactions, .tox jobs. A reload therefore refuses
while any of the last four is in use (`bridge_busy`), unless forced. When the new code fails to
import, every old module is put back and the bridge keeps running as before.

In real TouchDesigner this is UNVERIFIED: to check, stage a newer bridge, run the line above in the
textport and see /api/info report the new bridge_version.
"""

import importlib
import sys

from .errors import BridgeError

PACKAGE = "svc_bridge"


def _ours(name):
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def busy():
    """What a reload would drop that a client is still using, as short phrases."""
    found = []
    from . import read_server, ticker, tox_jobs, transactions
    if transactions._open:
        found.append("%d open transaction(s)" % len(transactions._open))
    # The whole-read port keeps its hook while it listens; it holds a client's work only while a read runs.
    hooks = [h for h in ticker._hooks if not (h == "whole_read" and read_server.idle())]
    if hooks:
        # event subscribers and pending interactions keep a per-frame hook while they last
        found.append("per-frame work for %s" % ", ".join(sorted(hooks)))
    running = [j for j in tox_jobs._jobs.values() if j.get("state") not in ("done", "failed", "cancelled")]
    if running:
        found.append("%d .tox job(s) running" % len(running))
    return found


def reload_bridge(force=False):
    """Imports every svc_bridge module again; returns the versions before and after."""
    package = sys.modules[PACKAGE]
    before = package.BRIDGE_VERSION
    in_use = busy()
    if in_use and not force:
        raise BridgeError("bridge_busy", "a reload would drop %s; finish them first or force it" % "; ".join(in_use),
                          busy=in_use)
    # The whole-read port's thread runs the old code: stop it (the next /api/info starts the new one).
    from . import read_server
    read_server.stop()
    old = {name: module for name, module in sys.modules.items() if _ours(name)}
    old_package = dict(package.__dict__)
    try:
        for name, module in old.items():
            if name == PACKAGE:
                continue
            del sys.modules[name]
            # `from . import x` takes the package's attribute when it has one: drop the old
            # submodule there too, or a new module would be handed an old one
            child = name[len(PACKAGE) + 1:]
            if "." not in child and package.__dict__.get(child) is module:
                del package.__dict__[child]
        importlib.invalidate_caches()
        importlib.reload(package)
        # every module that was loaded is loaded again now, so a broken file fails here, not at the next request
        for name in sorted(old):
            if name not in sys.modules:
                importlib.import_module(name)
    except Exception as exc:
        for name in [n for n in sys.modules if _ours(n)]:
            del sys.modules[name]
        sys.modules.update(old)
        package.__dict__.clear()
        package.__dict__.update(old_package)
        raise BridgeError("reload_failed", "the new bridge code did not import (%s: %s); the running bridge %s is kept"
                          % (type(exc).__name__, exc, before))
    after = sys.modules[PACKAGE].BRIDGE_VERSION
    return {"before": before, "after": after, "modules": len(old), "dropped": in_use}
