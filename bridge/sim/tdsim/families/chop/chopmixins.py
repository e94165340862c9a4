"""Members only some CHOP types have, mixed in before the CHOP class by the operator factory."""
from __future__ import annotations

from .chopscript import ScriptCHOPMixin
from .timerchop import TimerCHOPMixin

CHOP_MIXINS = {"timerCHOP": TimerCHOPMixin, "scriptCHOP": ScriptCHOPMixin}
