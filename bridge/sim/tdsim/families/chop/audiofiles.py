"""Reading sound files for the Audio File In CHOP: WAV through the standard library's `wave`,
streamed a slice at a time (as TouchDesigner streams files from disk), 8-, 16-, 24- and 32-bit PCM.

Other formats raise a clear td.tdError naming what tdsim reads: TouchDesigner also plays .mp3,
.aif/.aiff, .au and movie files; tdsim reads FLAC only when the `soundfile` package is installed in
the Python that runs it, and nothing else.
"""
from __future__ import annotations

import array
import os
import sys
import wave

from ...values.errors import tdError


class Sound:
    """An open sound file: its rate, channel count and length, and its samples by frame index."""

    def __init__(self, path: str):
        self.path = path
        self.mtime = os.path.getmtime(path)
        ext = os.path.splitext(path)[1].lower()
        self._flac = None
        if ext == ".flac":
            self._open_flac(path)
            return
        if ext not in (".wav", ".wave"):
            raise tdError(f"tdsim cannot read '{ext or path}' sound files: it reads WAV (and FLAC with the "
                          f"soundfile package); convert {path} to .wav")
        try:
            self._wav = wave.open(path, "rb")
        except (wave.Error, EOFError) as exc:
            raise tdError(f"{path} is not a PCM WAV file tdsim can read: {exc}") from None
        self.rate = float(self._wav.getframerate())
        self.channels = self._wav.getnchannels()
        self.frames = self._wav.getnframes()
        self._width = self._wav.getsampwidth()
        if self._width not in (1, 2, 3, 4):
            raise tdError(f"{path}: {8 * self._width}-bit samples are not read by tdsim (8, 16, 24 or 32-bit PCM)")

    def _open_flac(self, path):
        try:
            import soundfile  # pylint: disable=import-outside-toplevel  # optional: only FLAC needs it
        except ImportError:
            raise tdError(f"tdsim reads FLAC files only with the soundfile package (pip install soundfile); "
                          f"convert {path} to .wav") from None
        data, rate = soundfile.read(path, dtype="float32", always_2d=True)
        self._flac = data
        self.rate = float(rate)
        self.channels = data.shape[1]
        self.frames = data.shape[0]

    def close(self):
        if self._flac is None:
            self._wav.close()

    def read(self, start: int, count: int) -> list:
        """`count` frames from frame `start` (inside the file), one list of -1..1 floats per channel."""
        start = max(0, min(start, self.frames))
        count = max(0, min(count, self.frames - start))
        if self._flac is not None:
            block = self._flac[start:start + count]
            return [block[:, c].tolist() for c in range(self.channels)]
        self._wav.setpos(start)
        raw = self._wav.readframes(count)
        values = _decode(raw, self._width)
        return [list(values[c::self.channels]) for c in range(self.channels)]


def _decode(raw: bytes, width: int):
    """PCM bytes to floats in -1..1 (WAV is little-endian; 8-bit is unsigned)."""
    if width == 1:
        return [(b - 128) / 128.0 for b in raw]
    if width == 3:
        out = []
        for i in range(0, len(raw) - 2, 3):
            v = raw[i] | (raw[i + 1] << 8) | (raw[i + 2] << 16)
            out.append((v - (1 << 24) if v & 0x800000 else v) / 8388608.0)
        return out
    values = array.array("h" if width == 2 else "i")
    values.frombytes(raw[:len(raw) - len(raw) % width])
    if sys.byteorder == "big":
        values.byteswap()
    scale = 32768.0 if width == 2 else 2147483648.0
    return [v / scale for v in values]


_open: dict = {}


def sound(path: str) -> Sound:
    """The open Sound for `path` (kept open while the file is unchanged), or td.tdError."""
    if not os.path.isfile(path):
        raise tdError(f"Audio file not found: {path}")   # UNVERIFIED wording
    mtime = os.path.getmtime(path)
    known = _open.get(path)
    if known is not None and known.mtime == mtime:
        return known
    if known is not None:
        known.close()
    found = _open[path] = Sound(path)
    return found
