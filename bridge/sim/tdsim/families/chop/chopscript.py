"""The Script CHOP: its `onCook(scriptOp)` callback builds its channels, run on the frame loop
(docs.derivative.ca/Script_CHOP, docs.derivative.ca/ScriptCHOP_Class).

The callbacks DAT is the one its `callbacks` parameter names (`me` = that DAT). While onCook runs,
the Script CHOP's output can be written: clear(), appendChan(name), copyNumpyArray(array,
baseName='chan'), copy(chop), numSamples / start / rate / isTimeSlice, and a channel's `vals`,
`[index] = value` and copyNumpyArray(); reading its own channels gives what is written so far. The
output stays from one cook to the next until the script changes it (clear() empties it). Modify
Outside of Cook lets other scripts write it too; otherwise writing outside the cook raises
td.tdError. An error in onCook is an error on the Script CHOP (its message), and the output keeps
what the script wrote before it failed.

UNVERIFIED: tdsim cooks a Script CHOP once every frame (as CookLevel.ALWAYS would), whatever
onGetCookLevel returns: TouchDesigner cooks it when what it depends on changed. A new Script CHOP
has no channels, one sample per channel, rate 60, start 0, time-sliced off.
"""
from __future__ import annotations

import contextlib
import sys
import traceback

from ...values.errors import tdError
from .chopdata import ChopData


def callbacks_dat(op):
    p = op._pars.get("callbacks")
    if p is None:
        return None
    try:
        found = p.evalOPs()
    except Exception:
        return None
    return found[0] if found and found[0].family == "DAT" else None


def script(op, ctx) -> ChopData:
    out = ctx.state.get("out")
    if out is None:
        out = ctx.state["out"] = ChopData([], [], 60.0, 0, False)
    dat = callbacks_dat(op)
    op._model_errors = []
    if dat is not None:
        with op._writing(out):
            try:
                with dat._world.as_me(dat):
                    fn = getattr(dat.module, "onCook", None)
                    if callable(fn):
                        fn(op)
            except Exception as exc:
                traceback.print_exc(file=sys.stderr)
                op._model_errors = [f"onCook: {type(exc).__name__}: {exc}"]
    return out.copy()


class ScriptCHOPMixin:
    _script_out = None   # the output being written (during onCook), else None

    @contextlib.contextmanager
    def _writing(self, out):
        before = self._script_out
        self._script_out = out
        try:
            yield
        finally:
            self._script_out = before

    def _output(self, seconds=None):
        if self._script_out is not None:
            return self._script_out   # its own channels, as written so far in this cook
        return super()._output(seconds)

    def _writable(self) -> ChopData:
        """The output a script may write now, or td.tdError."""
        if self._script_out is not None:
            return self._script_out
        if bool(self.par.modoutsidecook.eval()) if "modoutsidecook" in self._pars else False:
            kept = self._kept
            if kept is None:
                self._output()
                kept = self._kept
            return kept.state["out"]
        raise tdError(f"{self.path}: a Script CHOP's channels can only be changed in its onCook callback "
                      "(or with Modify Outside of Cook on)")

    def _written(self):
        """A write outside the cook: what reads it sees it now."""
        if self._script_out is None and self._kept is not None:
            self._kept.out = self._kept.state["out"].copy()

    # ---- writing the output -----------------------------------------------------------------
    def clear(self):
        out = self._writable()
        out.names.clear()
        out.vals.clear()
        self._written()

    def appendChan(self, name=None):
        out = self._writable()
        if not name:
            k = len(out.names) + 1
            while f"chan{k}" in out.names:
                k += 1
            name = f"chan{k}"
        length = max(out.num_samples, 1) if out.vals else max(getattr(self, "_script_length", 1), 1)
        out.names.append(str(name))
        out.vals.append([0.0] * length)
        self._written()
        return self[len(out.names) - 1]

    def copyNumpyArray(self, numpyArray, baseName="chan"):
        out = self._writable()
        rows = [[float(v) for v in row] for row in (numpyArray.tolist() if hasattr(numpyArray, "tolist")
                                                    else numpyArray)]
        if rows and not isinstance(rows[0], list):
            rows = [rows]
        out.names[:] = [f"{baseName}{i + 1}" for i in range(len(rows))]
        out.vals[:] = rows
        self._written()

    def copy(self, chop):
        out = self._writable()
        data = chop._output()
        out.names[:] = list(data.names)
        out.vals[:] = [list(v) for v in data.vals]
        out.rate, out.start, out.timeslice = data.rate, data.start, data.timeslice
        self._written()

    def _set_samples(self, count):
        out = self._writable()
        count = max(0, int(count))
        self._script_length = count
        out.vals[:] = [(v + [0.0] * count)[:count] for v in out.vals]
        self._written()

    def _set_channel(self, index, values):
        out = self._writable()
        values = [float(v) for v in values]
        if len(values) != out.num_samples and out.vals:
            raise tdError(f"{len(values)} values for channels of {out.num_samples} samples")
        out.vals[index] = values
        self._written()

    def _set_sample(self, index, sample, value):
        out = self._writable()
        out.vals[index][sample] = float(value)
        self._written()

    numSamples = property(lambda self: self._output().num_samples, lambda self, v: self._set_samples(v))
    start = property(lambda self: float(self._output().start),
                     lambda self, v: (setattr(self._writable(), "start", int(v)), self._written()))
    rate = property(lambda self: self._output().rate,
                    lambda self, v: (setattr(self._writable(), "rate", float(v)), self._written()))
    isTimeSlice = property(lambda self: self._output().timeslice,
                           lambda self, v: (setattr(self._writable(), "timeslice", bool(v)), self._written()))
    timeSliceDefault = property(lambda self: bool(self.inputs and getattr(self.inputs[0], "isTimeSlice", False)))


MODELS = {"scriptCHOP": script}
