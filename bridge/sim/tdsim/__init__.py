"""tdsim: an emulation of TouchDesigner's `td` module and Web Server DAT host.

It is not TouchDesigner. It exists so the svc bridge can run, unchanged, on any machine: in
tests and behind `svc sim`. Import `td` for the emulated module; this package adds what only
the emulation has:

    tdsim.reset(state=None)   fresh process (default project, or a saved state file)
    tdsim.world()             the emulated process (root, catalog, undo, frame loop)
    tdsim.step(frames=1)      advance the frame loop by hand (tests)
    tdsim.stats()             frame loop statistics: frames, droppedFrames, maxFrameMs, ...
    tdsim.render_png(top, max_size=None)   PNG of a TOP, optionally scaled down
    tdsim.inject_channels(chop_or_path, {name: value or [samples]} | None)   fixed CHOP channels
"""
from __future__ import annotations

from .families.chop.chop import inject_channels as _inject_channels
from .families.top.top import render_png as _render_png
from .process.current import reset as _reset
from .process.current import world
from .values.defaults import catalog_default

__version__ = "0.1.0"


def reset(state=None):
    """Start over with the default project, or with the network saved in `state`."""
    return _reset(state)


def step(frames=1):
    """Run `frames` frames of the loop now (callbacks, run() jobs, cook); returns frame times."""
    loop = world().loop
    return [loop.step() for _ in range(int(frames))]


def stats():
    """Frame loop statistics (see frameloop.FrameLoop.stats)."""
    return world().loop.stats()


def reset_stats():
    world().loop.reset_stats()


def render_png(top, max_size=None):
    return _render_png(top, max_size)


def inject_channels(target, channels, rate=None):
    """Give a CHOP fixed channels, replacing its cook model (None removes them): the way tests
    and demos feed OSC/MIDI/audio input CHOPs, which have no data source in tdsim."""
    return _inject_channels(world(), target, channels, rate)


def assumed_defaults():
    """How many parameter defaults of the catalog's operator types tdsim assumes (no documented
    or dumped default; `tdsim/values/defaults.py`), out of how many: {"assumed": n, "total": m}."""
    cat = world().catalog
    assumed = total = 0
    for op_type in cat.types():
        for spec in cat.get(op_type).params:
            for i in range(len(spec.components) if spec.components else 1):
                total += 1
                if catalog_default(spec, i if spec.components else None) is None:
                    assumed += 1  # a per-style fallback or a Time COMP assumption
    return {"assumed": assumed, "total": total}
