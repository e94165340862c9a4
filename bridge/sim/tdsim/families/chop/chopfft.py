"""The Fourier transforms the Audio Spectrum CHOP needs: numpy's when it is installed in the Python
that runs tdsim (fast), else a radix-2 transform in plain Python (the same numbers, far slower: an
8192-sample spectrum takes tens of milliseconds a frame)."""
from __future__ import annotations

import cmath
import math


def _numpy():
    try:
        import numpy  # pylint: disable=import-outside-toplevel  # optional and heavy: only the spectrum needs it
    except ImportError:
        return None
    return numpy


def _fft(values: list) -> list:
    """Complex spectrum of a power-of-two number of samples (iterative radix-2)."""
    n = len(values)
    out = [complex(v) for v in values]
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            out[i], out[j] = out[j], out[i]
    size = 2
    while size <= n:
        step = cmath.exp(-2j * math.pi / size)
        for start in range(0, n, size):
            w = 1 + 0j
            for k in range(size // 2):
                a, b = out[start + k], out[start + k + size // 2] * w
                out[start + k], out[start + k + size // 2] = a + b, a - b
                w *= step
        size *= 2
    return out


def spectrum(samples: list) -> tuple[list, list]:
    """Magnitudes and phases of bins 0..n/2 of the Hann-windowed samples, the magnitude scaled so a
    full-scale sine gives about 1 at its frequency."""
    n = len(samples)
    np = _numpy()
    if np is not None:
        window = np.hanning(n)
        bins = np.fft.rfft(np.asarray(samples, dtype=np.float64) * window)
        return (np.abs(bins) * (4.0 / n)).tolist(), np.angle(bins).tolist()
    window = [0.5 - 0.5 * math.cos(2 * math.pi * i / (n - 1)) for i in range(n)] if n > 1 else [1.0]
    bins = _fft([s * w for s, w in zip(samples, window)])[: n // 2 + 1]
    return [abs(b) * 4.0 / n for b in bins], [cmath.phase(b) for b in bins]


def inverse(magnitudes: list, phases: list) -> list:
    """Samples back from magnitudes and phases of bins 0..n/2 (the window is not undone)."""
    m = len(magnitudes)
    n = 2 * (m - 1)
    np = _numpy()
    bins = [mag * n / 4.0 * cmath.exp(1j * ph) for mag, ph in zip(magnitudes, phases)]
    if np is not None:
        return np.fft.irfft(np.asarray(bins), n).tolist()
    full = bins + [b.conjugate() for b in reversed(bins[1:-1])]
    return [(v.conjugate()).real / n for v in _fft([b.conjugate() for b in full])]


def interpolate(values: list, positions: list) -> list:
    """`values` read at fractional `positions` (linear; numpy's when available)."""
    np = _numpy()
    if np is not None:
        return np.interp(positions, np.arange(len(values)), values).tolist()
    last = len(values) - 1
    out = []
    for p in positions:
        p = min(max(p, 0.0), last)
        i = min(int(p), last - 1) if last > 0 else 0
        f = p - i
        out.append(values[i] + (values[i + 1] - values[i]) * f if last > 0 else values[0])
    return out
