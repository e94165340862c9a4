"""Work the bridge does between requests, once a frame: the event sweep and the broker's prompts.

TouchDesigner runs Python only from callbacks, so the bridge keeps itself called with
`td.run(callable, delayFrames=1)` while some part still has work (a subscriber, a pending
interaction) and stops asking when none has. Passing a callable to run() is UNVERIFIED in real
TouchDesigner (the documentation shows script strings); to verify, open an event stream and check
that `td.runs` holds one svc run while it is open and none after it closed.
"""

import traceback

import td

from . import logbook

_hooks = {}
_pending = None


def keep(name, fn):
    """Calls fn() every frame until it returns False (or is replaced under the same name)."""
    _hooks[name] = fn
    _ensure()


def drop(name):
    _hooks.pop(name, None)


def active(name):
    return name in _hooks


def _ensure():
    global _pending
    if _pending is None and _hooks:
        _pending = td.run(_tick, delayFrames=1)


def _tick():
    global _pending
    _pending = None
    for name, fn in list(_hooks.items()):
        try:
            stay = fn()
        except Exception as exc:  # a bug must not stop the other hooks or the frame
            logbook.log("error", "%s tick failed: %s: %s" % (name, type(exc).__name__, exc),
                        code="internal_error", trace=traceback.format_exc(limit=6))
            stay = True
        if not stay and _hooks.get(name) is fn:
            _hooks.pop(name, None)
    _ensure()


def reset():
    """Forget the hooks and the pending run (tests; a reloaded bridge)."""
    global _pending
    _hooks.clear()
    _pending = None
