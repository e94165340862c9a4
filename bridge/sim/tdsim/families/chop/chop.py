"""CHOP: channel operators (td.CHOP): channel lookup and the CHOP members.

`chop['name']` / `chop[index]` return a Channel (channel.py) computed by the cook model
(chopcook.py) at the current time. Rules:
- A name is matched exactly (no wildcards, as documented). A name the CHOP does not have gives
  None, so `op('x')['missing'] * 2` fails with Python's TypeError about NoneType, as it does in
  TouchDesigner (None for a missing name: documented for chan(); UNVERIFIED for []).
- An index outside 0..numChans-1 raises IndexError (UNVERIFIED: the documentation does not say).
- chan()/chans() take names with pattern matching, or indices; chans() with no argument gives
  every channel. Results are in channel order (UNVERIFIED for several patterns).
- numSamples, start, end, rate and isTimeSlice describe the current output; setting them is for
  Script CHOPs only (td.tdError here: tdsim runs no Script CHOP cook).
- The export flag can be read and set, but tdsim does not emulate exporting (export mode is not
  emulated, see cook.py); exportChanges stays 0.
- Channels injected with tdsim.inject_channels() replace whatever the cook model computes (a
  test hook: there is no OSC, MIDI or audio device behind tdsim).
"""
from __future__ import annotations

import contextlib

from ...op.op import OP
from ...values import paths
from ...values.errors import tdError
from .channel import Channel
from .chopcook import TIMESLICED, cook, cooked_types, loop_found
from .chopdata import DEFAULT_RATE, from_values, par_number
from .chopnames import Matcher


NOT_COOKED = ("tdsim-not-cooked: tdsim does not compute {label} CHOP channels ({type}), so this CHOP has "
              "none here where TouchDesigner gives it some; tdsim.inject_channels() can give it channels")


class CHOP(OP):
    family = "CHOP"
    _injected = None          # ChopData set by tdsim.inject_channels(), else None
    _export_flag = False
    _kept = None              # a time-sliced CHOP's last cook and state (timeslice.py)
    _cook_failure = None      # why the frame loop's last cook of it failed, if it did
    _model_warnings: list = []   # what its cook model could not emulate, from the last cook
    _model_errors: list = []     # what its cook model failed on in the last cook (a Script CHOP's onCook)

    def __init__(self, world, parent, name):
        self._pulses: list[str] = []   # pulse parameters pulsed since the last time-sliced cook
        super().__init__(world, parent, name)
        if self.OPType in TIMESLICED:
            world.timesliced_chops[self._id] = self   # cooked every frame (chopcook.cook_all)

    # ---- per-channel parameters (me.chanIndex, me.inputVal) -----------------------------------
    _chan = (0, "", 0, 0.0)   # channel index, name, sample index and input value being evaluated

    @contextlib.contextmanager
    def _channel_context(self, index, name, sample=0, value=0.0):
        """Evaluate parameters for one channel (and sample): `me.chanIndex`, `me.chanName`,
        `me.sampleIndex`, `me.inputVal` give them, as the Delay, Pattern and Expression CHOPs
        document for per-channel values."""
        before = self._chan
        self._chan = (index, name, sample, value)
        try:
            yield
        finally:
            self._chan = before

    chanIndex = property(lambda self: self._chan[0])
    chanName = property(lambda self: self._chan[1])
    sampleIndex = property(lambda self: self._chan[2])
    inputVal = property(lambda self: self._chan[3])

    def _pulse_count(self, name) -> int:
        """How many times the pulse parameter `name` was pulsed (a Pattern CHOP's Randomize)."""
        return self._pulse_counts.get(name, 0) if self._pulse_counts else 0

    def _output(self, seconds=None):
        """The channels at `seconds` (now by default); a Script CHOP's mixin answers its own."""
        if not self._valid:
            raise tdError("Operator has been deleted")
        return cook(self, seconds)

    _pulse_counts: dict = {}

    def _on_pulse(self, par):
        self._pulse_counts = dict(self._pulse_counts)
        self._pulse_counts[par.name] = self._pulse_counts.get(par.name, 0) + 1
        if self.OPType in TIMESLICED:
            self._pulses.append(par.name)   # seen by the next cook, this frame
            self._cook_again()
        super()._on_pulse(par)

    def cook(self, force=False, recurse=False, includeUtility=False):
        super().cook(force=force, recurse=recurse, includeUtility=includeUtility)
        if self.OPType in TIMESLICED:
            self._cook_again()

    def _cook_again(self):
        """Cook a time-sliced CHOP now (a pulse, a forced cook, a callback's answer)."""
        try:
            cook(self)
        except Exception:
            pass   # the CHOP shows the failure as its error when read

    def _rule_errors(self):
        out = super()._rule_errors()
        if not self._flags["bypass"] and loop_found(self):
            out.append("Cook dependency loop: this CHOP depends on its own channels")  # UNVERIFIED wording
        if not self._flags["bypass"]:
            if self._cook_failure:
                out.append(self._cook_failure)
            out.extend(self._model_errors)
        return out

    def _rule_warnings(self):
        out = super()._rule_warnings()
        if self._injected is None and not self._flags["bypass"]:
            if self.OPType not in cooked_types():
                label = self._spec.label if self._spec is not None else self.OPType
                out.append(NOT_COOKED.format(label=label, type=self.OPType))
            out.extend(self._model_warnings)
        return out

    # ---- channels ---------------------------------------------------------------------------
    def __getitem__(self, key):
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            raise TypeError("a CHOP is indexed by a channel name or a channel index")
        data = self._output()
        if isinstance(key, int):
            if 0 <= key < len(data.names):
                return Channel(self, key, data.names[key])
            raise IndexError(f"channel index {key} out of range: {self.path} has "
                             f"{len(data.names)} channel(s){self._why_none(data)}")
        if key in data.names:
            return Channel(self, data.names.index(key), key)
        notes = self._world.expressions.notes
        if len(notes) < 256:   # bounded: scripts may look up missing channels outside any expression
            notes.append(self._missing(key, data))
        return None

    def _why_none(self, data) -> str:
        """Why the CHOP has no channels, when it has none and tdsim knows why."""
        if data.names:
            return ""
        if self._injected is None and self.OPType not in cooked_types():
            return f": tdsim does not cook {self.OPType} (tdsim-not-cooked)"
        if self._spec is not None and self._spec.inputs_min and not any(self._inputs):
            return ": nothing is wired into it"
        return ""

    def _missing(self, name, data) -> str:
        """The note an expression's error gets when it asked this CHOP for a channel it lacks."""
        if not data.names:
            return f"{self.path} has no channel '{name}': it has no channels{self._why_none(data)}"
        shown = ", ".join(data.names[:8]) + (", ..." if len(data.names) > 8 else "")
        return f"{self.path} has no channel '{name}' (its channels: {shown})"

    def chans(self, *nameOrIndex, caseSensitive=True):
        data = self._output()
        if not nameOrIndex:
            wanted = range(len(data.names))
        else:
            indices = {k for k in nameOrIndex if isinstance(k, int) and not isinstance(k, bool)}
            patterns = [k for k in nameOrIndex if isinstance(k, str)]
            matcher = Matcher(" ".join(patterns), caseSensitive) if patterns else None
            wanted = [i for i, name in enumerate(data.names)
                      if i in indices or (matcher is not None and matcher.match(name) is not None)]
        return [Channel(self, i, data.names[i]) for i in wanted]

    def chan(self, *nameOrIndex, caseSensitive=True):
        found = self.chans(*nameOrIndex, caseSensitive=caseSensitive) if nameOrIndex else []
        return found[0] if found else None

    # ---- members ----------------------------------------------------------------------------
    numChans = property(lambda self: len(self._output().names))

    numSamples = property(lambda self: self._output().num_samples,
                          lambda self, v: CHOP._refuse("numSamples"))
    start = property(lambda self: float(self._output().start),
                     lambda self, v: CHOP._refuse("start"))
    end = property(lambda self: float(self._end()), lambda self, v: CHOP._refuse("end"))
    rate = property(lambda self: self._output().rate, lambda self, v: CHOP._refuse("rate"))
    isTimeSlice = property(lambda self: self._output().timeslice,
                           lambda self, v: CHOP._refuse("isTimeSlice"))

    @staticmethod
    def _refuse(name):
        raise tdError(f"CHOP.{name} can only be set on a Script CHOP")

    def _end(self):
        data = self._output()
        return data.start + max(data.num_samples, 1) - 1

    @property
    def export(self):
        return self._export_flag

    @export.setter
    def export(self, flag):
        self._export_flag = bool(flag)

    exportChanges = property(lambda self: 0)

    def numpyArray(self):
        try:
            import numpy  # pylint: disable=import-outside-toplevel  # optional and heavy: only numpyArray() needs it
        except ImportError:
            raise tdError("numpy is not installed in the Python that runs tdsim") from None
        return numpy.array(self._output().vals, dtype=numpy.float32)


def inject_channels(w, target, channels, rate=None):
    """Give a CHOP fixed channels (test/demo hook; no TouchDesigner equivalent).

    target: a CHOP or an absolute path in the world `w`. channels: {name: number or list of samples}, replacing
    whatever the cook model computes; None removes the injection. Raises td.tdError for a
    missing or non-CHOP target and ValueError for channels of different lengths.
    """
    chop = paths.resolve(w, None, target) if isinstance(target, str) else target
    if not isinstance(chop, CHOP) or not chop._valid:
        raise tdError(f"inject_channels: no CHOP at {target!r}")
    w.derived.changed()  # expressions reading the channels may now give other values or errors
    if channels is None:
        chop._injected = None
        return chop
    if rate is None:
        rate = par_number(chop, "rate", DEFAULT_RATE)
    chop._injected = from_values(dict(channels), float(rate) or DEFAULT_RATE)
    return chop
