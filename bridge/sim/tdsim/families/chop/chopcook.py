"""Which CHOP types tdsim computes channels for, and how (see chopgen.py and chopfilters.py).

Every other CHOP type has no channels in tdsim. That includes the CHOPs that read the outside
world (OSC In, MIDI In, Audio Device In, Audio File In, Audio Spectrum, Timer, Beat, Mouse In,
...): tdsim has no network, device, file playback or timeline behind them. Tests and demos give
them channels with tdsim.inject_channels(path, {name: value}).
"""
from __future__ import annotations

from . import chopfilters, chopgen
from .chopdata import ChopData

COOK_MODELS = {
    "constantCHOP": chopgen.constant,
    "lfoCHOP": chopgen.lfo,
    "noiseCHOP": chopgen.noise,
    "waveCHOP": chopgen.wave,
    "nullCHOP": chopfilters.passthrough,
    "outCHOP": chopfilters.passthrough,
    "inCHOP": chopfilters.in_chop,
    "selectCHOP": chopfilters.select,
    "renameCHOP": chopfilters.rename,
    "mergeCHOP": chopfilters.merge,
    "mathCHOP": chopfilters.math_chop,
    "analyzeCHOP": chopfilters.analyze,
    # Approximations: these keep history in TouchDesigner (see chopfilters.py).
    "lagCHOP": chopfilters.passthrough,
    "filterCHOP": chopfilters.passthrough,
    "trailCHOP": chopfilters.passthrough,
    "speedCHOP": chopfilters.passthrough,
}


def _no_channels(op, ctx) -> ChopData:
    return ChopData()


def cook_model(op_type: str):
    return COOK_MODELS.get(op_type, _no_channels)
