"""Cook models of the audio CHOPs, all time-sliced at audio rates: Audio Oscillator, Audio File In,
Audio Device In, Audio Filter, Audio Band EQ and Audio Spectrum.

Audio Oscillator (docs.derivative.ca/Audio_Oscillator_CHOP): steps through its waveform (sine,
Gaussian, triangle, ramp, square, pulse, white noise) at Base Frequency times 2 ** (pitch / Units per
Octave), the pitch being each channel of the first input (one output channel each; `chan1` at pitch 0
without an input); amp, offset, bias, phase; reset by the second input (Reset Condition), Reset and
Reset Pulse. Not emulated: the Playback Source input and Smooth Pitch Changes (the pitch steps once
a frame).

Audio File In (docs.derivative.ca/Audio_File_In_CHOP): the file named by `file` (audiofiles.py);
when none is named, tdsim's own synthetic stand-in loop (standinloop.py; TouchDesigner's default
file is one of its own samples). Locked to Timeline plays at the timeline's time, Sequential plays
on from frame to frame (Speed, Play, Cue holds at the Cue Point, Cue Pulse jumps there), Specify
Index plays at Index; Repeat loops the (trimmed) file, otherwise silence after its end; Trim, Volume,
Mono. Channels `chan1`, `chan2`, ... (UNVERIFIED names). A missing or unreadable file is an error on
the CHOP.

Audio Device In: tdsim has no audio device, so it gives silence (one or two channels by `format`,
UNVERIFIED names `chan1 chan2`) and a warning saying so; tdsim.inject_channels() gives it a signal.

Audio Filter (docs.derivative.ca/Audio_Filter_CHOP): low pass, high pass, band pass, band reject at
the cutoff (10 ** cutofflog Hz, or cutofffrequency Hz), 12 dB per octave (one two-pole stage) or 24
(two stages, the documented 4-pole) by Roll-Off, resonance raising Q, Dry / Wet; a
`cutofffrequency` channel on the second input sets the cutoff per sample. UNVERIFIED: the filters
are RBJ biquads with Q = 0.7071 * (1 + resonance).

Audio Band EQ (docs.derivative.ca/Audio_Band_EQ_CHOP): 16 peaking bands at the documented centres
from 25 Hz to 22 kHz, each band's value its boost or cut in dB (UNVERIFIED unit; 0 leaves the band),
about 1.4 octaves wide, Dry / Wet; bands at or above the Nyquist frequency are left out.

Audio Spectrum (docs.derivative.ca/Audio_Spectrum_CHOP): the FFT of the most recent FFT Size samples
of each input channel (Hann window; a full-scale sine gives about 1), chopfft.py. Visualization: Match
Length To Frequency gives one sample per Hz up to the Nyquist frequency (documented), Set Length
Manually `outlength` samples; Frequency <-> Logarithmic Scaling blends the linear frequency axis
with a logarithmic one from 20 Hz; High Frequency Boost multiplies by 1 + boost * f / Nyquist
(UNVERIFIED: TouchDesigner's exact curves). Time to Magnitude and Phase gives `name_m` and `name_p`
channels of FFT Size / 2 + 1 bins; Magnitude and Phase to Time turns such pairs back into a signal.
"""
from __future__ import annotations

import math
import os
import random

from ...values.errors import tdError
from . import chopfft
from .audiofiles import sound
from .chopdata import ChopData, par_number, par_value
from .chopsamples import ChannelState, line, run_channels
from .chopunits import toggle, unit_seconds
from .standinloop import STANDIN_PATH
from .timeslice import slice_samples, sliced, take_slice

AUDIO_RATE = 44100.0


def _shape(kind, x, bias, rng):
    f = x - math.floor(x)
    if kind == "sin":
        return math.sin(2 * math.pi * x)
    if kind == "tri":
        if bias == 0:   # as the LFO CHOP: 0 at the start, 1 a quarter in, -1 three quarters in
            return 1.0 - 4.0 * abs(((x + 0.25) % 1.0) - 0.5)
        peak = min(max(0.5 * (1.0 + bias), 1e-6), 1 - 1e-6)   # bias moves the peak
        return -1.0 + 2.0 * (f / peak if f < peak else (1.0 - f) / (1.0 - peak))
    if kind == "ramp":
        return f
    if kind == "square":
        return 1.0 if f < min(max(0.5 * (1.0 + bias), 0.0), 1.0) else -1.0
    if kind == "normal":
        width = (1.0 / 6.0) * (1.0 + bias) if bias > -1 else 1e-3
        return math.exp(-((f - 0.5) ** 2) / (2.0 * width ** 2))
    if kind == "pulse":
        return 1.0 if f < 1e-9 else 0.0
    if kind == "whitenoise":
        return rng.random() * 2.0 - 1.0
    return 0.0


# ---- Audio Oscillator -----------------------------------------------------------------------------
def audio_oscillator(op, ctx) -> ChopData:
    rate = par_number(op, "rate", AUDIO_RATE) or AUDIO_RATE
    pitch = ctx.input(op, 0)
    names = list(pitch.names) if pitch is not None and pitch.names else ["chan1"]
    kind = par_value(op, "wavetype", "sin")
    base = par_number(op, "frequency", 440.0)
    octave = par_number(op, "octave", 1.0) or 1.0
    amp, offset, bias, phase0 = (par_number(op, "amp", 1.0), par_number(op, "offset"), par_number(op, "bias"),
                                 par_number(op, "phase"))
    op._model_warnings = ["the Playback Source input is not emulated by tdsim"] if ctx.input(op, 2) is not None else []
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    resets = line(ctx.input(op, 1), n)
    state = ctx.state
    phases = state.setdefault("phases", {})
    rng = state.setdefault("rng", random.Random(1))
    condition = par_value(op, "resetcondition", "offtoon")
    if toggle(op, "reset") or "resetpulse" in ctx.pulses:
        phases.clear()
    vals = []
    for c, name in enumerate(names):
        p = pitch.vals[c][-1] if pitch is not None and pitch.vals else 0.0
        step = base * 2.0 ** (p / octave) / rate
        x = phases.get(name, 0.0)
        was = state.get("reset_on", False)
        out = []
        for r in resets:
            on = r > 0
            if {"offtoon": on and not was, "on": on, "ontooff": was and not on, "off": False}.get(condition):
                x = 0.0
            was = on
            out.append(offset + amp * _shape(kind, x + phase0, bias, rng))
            x += step
        phases[name] = x - math.floor(x)
        vals.append(out or [offset + amp * _shape(kind, x + phase0, bias, rng)])
    state["reset_on"] = bool(resets and resets[-1] > 0)
    return sliced(names, vals, rate, ctx.seconds)


# ---- Audio File In ------------------------------------------------------------------------------------
def _file_path(op):
    """The file to play: `file` (a relative path is in project.folder, UNVERIFIED), else the stand-in."""
    text = str(par_value(op, "file", "") or "").strip()
    if not text:
        return STANDIN_PATH
    return text if os.path.isabs(text) else os.path.join(op._world.project.folder, text)


def audio_file_in(op, ctx) -> ChopData:
    op._model_errors = []
    path = _file_path(op)
    try:
        snd = sound(path)
    except tdError as exc:
        op._model_errors = [str(exc)]
        return ChopData(rate=AUDIO_RATE)
    rate = snd.rate
    first, last = 0, snd.frames
    if toggle(op, "trim"):
        first = int(round(par_number(op, "trimstart") * unit_seconds(par_value(op, "trimstartunit", "seconds"), rate)
                          * rate))
        last = snd.frames - int(round(par_number(op, "trimend")
                                      * unit_seconds(par_value(op, "trimendunit", "seconds"), rate) * rate))
        first, last = max(0, min(first, snd.frames)), max(0, min(last, snd.frames))
    length = max(last - first, 0)
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    state = ctx.state
    mode = par_value(op, "playmode", "locked")
    if mode == "locked":
        tc = op.time
        t = tc.seconds if tc is not None else ctx.seconds
        end = int(round(t * rate))
    elif mode == "specify":
        end = int(round(_index_seconds(op, "index", "indexunit", length, rate) * rate))
    else:
        pos = state.get("pos", 0.0)
        if "cuepulse" in ctx.pulses or toggle(op, "cue"):
            pos = _index_seconds(op, "cuepoint", "cuepointunit", length, rate) * rate
        elif toggle(op, "play", True):
            pos += n * par_number(op, "speed", 1.0)
        state["pos"] = pos
        end = int(round(pos))
    count = max(n, 1)
    repeat = par_value(op, "repeat", "on") == "on"
    chans = _read(snd, first, length, end - count, count, repeat)
    volume = par_number(op, "volume", 1.0)
    if volume != 1.0:
        chans = [[s * volume for s in ch] for ch in chans]
    if toggle(op, "mono") and len(chans) > 1:
        chans = [[sum(v) / len(chans) for v in zip(*chans)]]
    return sliced([f"chan{i + 1}" for i in range(len(chans))], chans, rate, ctx.seconds)


def _index_seconds(op, name, unit_name, length, rate):
    unit = par_value(op, unit_name, "seconds")
    value = par_number(op, name)
    if unit == "fraction":
        return value * length / rate
    if unit == "indices":
        return value / rate
    return value * unit_seconds(unit, rate)


def _read(snd, first, length, start, count, repeat):
    """`count` frames from position `start` in the (trimmed) file: looped when repeating, silence
    outside it otherwise."""
    out = [[] for _ in range(snd.channels)]
    if length <= 0:
        return [[0.0] * count for _ in out]
    pos, left = start, count
    while left > 0:
        if repeat:
            pos %= length
            take = min(left, length - pos)
            block = snd.read(first + pos, take)
        elif 0 <= pos < length:
            take = min(left, length - pos)
            block = snd.read(first + pos, take)
        else:
            take = min(left, -pos) if pos < 0 else left
            block = [[0.0] * take for _ in out]
        for ch, part in zip(out, block):
            ch.extend(part)
        pos += take
        left -= take
    return out


# ---- Audio Device In ----------------------------------------------------------------------------------
def audio_device_in(op, ctx) -> ChopData:
    rate = par_number(op, "rate", AUDIO_RATE) or AUDIO_RATE
    fmt = par_value(op, "format", "stereo")
    count = 1 if fmt == "mono" else 2 if fmt == "stereo" else max(1, int(par_number(op, "numchan", 2.0)))
    op._model_warnings = ["tdsim-no-device: tdsim has no audio device, so Audio Device In gives silence "
                          "(tdsim.inject_channels() gives it a signal)"]
    n = max(slice_samples(ctx.seconds, ctx.frames, rate), 1)
    return sliced([f"chan{i + 1}" for i in range(count)], [[0.0] * n for _ in range(count)], rate, ctx.seconds)


# ---- filters ------------------------------------------------------------------------------------------
def _biquad(kind, freq, q, rate, gain_db=0.0):
    """RBJ cookbook coefficients (b0, b1, b2, a1, a2), normalised."""
    freq = min(max(freq, 1.0), rate * 0.49)
    w = 2 * math.pi * freq / rate
    cos_w, alpha = math.cos(w), math.sin(w) / (2 * max(q, 1e-3))
    if kind == "lowpass":
        b = ((1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2)
        a = (1 + alpha, -2 * cos_w, 1 - alpha)
    elif kind == "highpass":
        b = ((1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2)
        a = (1 + alpha, -2 * cos_w, 1 - alpha)
    elif kind == "bandpass":
        b = (alpha, 0.0, -alpha)
        a = (1 + alpha, -2 * cos_w, 1 - alpha)
    elif kind == "bandreject":
        b = (1.0, -2 * cos_w, 1.0)
        a = (1 + alpha, -2 * cos_w, 1 - alpha)
    else:  # peaking
        big_a = 10 ** (gain_db / 40)
        b = (1 + alpha * big_a, -2 * cos_w, 1 - alpha * big_a)
        a = (1 + alpha / big_a, -2 * cos_w, 1 - alpha / big_a)
    return (b[0] / a[0], b[1] / a[0], b[2] / a[0], a[1] / a[0], a[2] / a[0])


def _run_biquad(coef, mem, x):
    """One sample through a biquad (transposed direct form II); mem is its two-value state."""
    b0, b1, b2, a1, a2 = coef
    y = b0 * x + mem[0]
    mem[0] = b1 * x - a1 * y + mem[1]
    mem[1] = b2 * x - a2 * y
    return y


def audio_filter(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    if data is None:
        return ChopData(rate=AUDIO_RATE)
    rate = data.rate
    kind = par_value(op, "filter", "lowpass")
    if par_value(op, "units", "logarithmic") == "logarithmic":
        cutoff = 10.0 ** par_number(op, "cutofflog", 3.0)
    else:
        cutoff = par_number(op, "cutofffrequency", 1000.0)
    q = 0.7071 * (1.0 + max(par_number(op, "resonance"), 0.0))
    stages = 2 if par_number(op, "rolloff", 12.0) > 18 else 1
    wet = min(max(par_number(op, "drywet", 1.0), 0.0), 1.0)
    mod = ctx.input(op, 1)
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    mod_line = None
    if mod is not None and "cutofffrequency" in mod.names:
        mod_line = take_slice(mod.vals[mod.names.index("cutofffrequency")], n)
    fixed = _biquad(kind, cutoff, q, rate)

    def make(name, samples):
        return ChannelState(out=samples[-1] if samples else 0.0, mems=[[0.0, 0.0] for _ in range(stages)],
                            cut=None, coef=fixed)

    def step(state, x, i):
        coef = fixed
        if mod_line is not None:
            if state.cut != mod_line[i]:
                state.cut, state.coef = mod_line[i], _biquad(kind, mod_line[i], q, rate)
            coef = state.coef
        y = x
        for mem in state.mems:
            y = _run_biquad(coef, mem, y)
        return x + wet * (y - x)

    return run_channels(op, ctx, data, make, step, static=False)


BANDS = (25, 40, 60, 90, 150, 240, 370, 590, 930, 1500, 2300, 3600, 5600, 8900, 14000, 22000)


def audio_band_eq(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    if data is None:
        return ChopData(rate=AUDIO_RATE)
    rate = data.rate
    wet = min(max(par_number(op, "drywet", 1.0), 0.0), 1.0)
    coefs = [_biquad("peak", f, 1.4, rate, par_number(op, f"band{i + 1}"))
             for i, f in enumerate(BANDS) if par_number(op, f"band{i + 1}") != 0 and f < rate / 2]

    def make(name, samples):
        return ChannelState(out=samples[-1] if samples else 0.0, mems=[[0.0, 0.0] for _ in coefs])

    def step(state, x, i):
        y = x
        for coef, mem in zip(coefs, state.mems):
            y = _run_biquad(coef, mem, y)
        return x + wet * (y - x)

    if ctx.state.get("bands") != len(coefs):
        ctx.state.pop("channels", None)
        ctx.state["bands"] = len(coefs)
    return run_channels(op, ctx, data, make, step, static=False)


# ---- Audio Spectrum -----------------------------------------------------------------------------------
def audio_spectrum(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    if data is None:
        return ChopData(rate=AUDIO_RATE)
    rate = data.rate
    mode = par_value(op, "mode", "visual")
    if mode == "rawtotime":
        return _to_time(data)
    size = int(par_value(op, "fftsize", "8192") or 8192)
    buffers = ctx.state.setdefault("buffers", {})
    n = slice_samples(ctx.seconds, ctx.frames, rate) if data.timeslice else 0
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        buf = buffers.get(name)
        if buf is None or len(buf) != size:
            buf = buffers[name] = [0.0] * size
        if data.timeslice:
            buf.extend(take_slice(samples, n))
        else:
            buf.extend(samples)   # a static channel: its newest samples are the last ones
        del buf[:len(buf) - size]
        mags, phases = chopfft.spectrum(buf)
        if mode == "timetoraw":
            names += [f"{name}_m", f"{name}_p"]
            vals += [mags, phases]
        else:
            names.append(name)
            vals.append(_visual(op, mags, rate, size))
    for gone in set(buffers) - set(data.names):
        del buffers[gone]
    return ChopData(names, vals, rate, 0, False)


_axes: dict = {}


def _axis(length, blend, rate, size):
    """The bin positions and frequencies of the output samples (kept: they change only with the
    parameters)."""
    key = (length, blend, rate, size)
    found = _axes.get(key)
    if found is None:
        nyquist, bin_hz, low = rate / 2.0, rate / size, 20.0
        freqs = []
        for i in range(length):
            u = i / max(length - 1, 1)
            linear = u * nyquist
            freqs.append(linear + (low * (nyquist / low) ** u - linear) * blend)
        if len(_axes) > 16:
            _axes.clear()
        found = _axes[key] = (freqs, [f / bin_hz for f in freqs])
    return found


def _visual(op, mags, rate, size):
    nyquist = rate / 2.0
    if par_value(op, "outputmenu", "matchtofrequency") == "setmanually":
        length = max(1, int(par_number(op, "outlength", 256.0)))
    else:
        length = max(1, int(nyquist))
    blend = min(max(par_number(op, "frequencylog"), 0.0), 1.0)
    boost = par_number(op, "highfreqboost")
    freqs, positions = _axis(length, blend, rate, size)
    values = chopfft.interpolate(mags, positions)
    if boost:
        values = [v * (1.0 + boost * f / nyquist) for v, f in zip(values, freqs)]
    return values


def _to_time(data):
    names, vals = [], []
    for name, mags in zip(data.names, data.vals):
        if not name.endswith("_m"):
            continue
        stem = name[:-2]
        if f"{stem}_p" not in data.names:
            continue
        names.append(stem)
        vals.append(chopfft.inverse(mags, data.vals[data.names.index(f"{stem}_p")]))
    return ChopData(names, vals, data.rate, 0, False)


MODELS = {
    "audiooscillatorCHOP": audio_oscillator,
    "audiofileinCHOP": audio_file_in,
    "audiodeviceinCHOP": audio_device_in,
    "audiofilterCHOP": audio_filter,
    "audiobandeqCHOP": audio_band_eq,
    "audiospectrumCHOP": audio_spectrum,
}
