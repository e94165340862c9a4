"""tdsim's stand-in audio loop: what an Audio File In CHOP plays when no file is named.

SYNTHETIC, made here from arithmetic alone (no recording, no sample from anywhere), and dedicated to
the public domain (CC0): one bar, two seconds at 120 beats per minute, 44,100 Hz, mono,
16-bit: a kick drum on every beat (a falling 110 -> 45 Hz sine with a fast decay), a hi-hat of
seeded noise on the off-beats, and a quiet two-note bass under it. Its loudness rises and falls with
every beat, so an audio-reactive network moves to it. `standin_loop.wav` beside this file is this
function's output; test/python/sim/test_audio_chops.py checks they are the same bytes.

Run `python3 standinloop.py` to write the file again.
"""
from __future__ import annotations

import io
import math
import os
import random
import struct
import wave

RATE = 44100
SECONDS = 2.0
BPM = 120.0
STANDIN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "standin_loop.wav")


def _kick(t):
    if t < 0:
        return 0.0
    freq_phase = 2 * math.pi * (45.0 * t + (110.0 - 45.0) * (1 - math.exp(-t * 30.0)) / 30.0)
    return math.sin(freq_phase) * math.exp(-t * 9.0)


def samples() -> list:
    """The loop's samples in -1..1."""
    beat = 60.0 / BPM
    rng = random.Random(20260101)
    out = []
    for i in range(int(RATE * SECONDS)):
        t = i / RATE
        in_beat = t % beat
        off_beat = (t + beat / 2) % beat
        kick = 0.9 * _kick(in_beat)
        hat = 0.18 * (rng.random() * 2 - 1) * math.exp(-off_beat * 60.0)
        note = 55.0 if int(t / (2 * beat)) % 2 == 0 else 41.2
        bass = 0.12 * math.sin(2 * math.pi * note * t) * (0.6 + 0.4 * math.exp(-in_beat * 4.0))
        out.append(max(-1.0, min(1.0, kick + hat + bass)))
    return out


def wav_bytes() -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(round(s * 32767))) for s in samples()))
    return buf.getvalue()


if __name__ == "__main__":
    with open(STANDIN_PATH, "wb") as f:
        f.write(wav_bytes())
    print(STANDIN_PATH)
