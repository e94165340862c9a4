"""A rendered TOP's pixels (Picture), as the renderers, feedback and GLSL pass them around."""
from __future__ import annotations

from . import images


class Picture:
    """A rendered TOP: RGBA bytes at w x h working pixels; sx, sy are working pixels per
    pixel of the TOP's true resolution `true_size`. A GLSL TOP with a float format also keeps
    its float32 RGBA pixels in `floats` (simulation state must not be rounded to 8 bits); the
    other renderers read `data`."""
    __slots__ = ("data", "w", "h", "sx", "sy", "true_size", "floats")

    def __init__(self, data, w, h, true_size, floats=None):
        self.data, self.w, self.h, self.true_size, self.floats = data, w, h, true_size, floats
        self.sx, self.sy = w / true_size[0], h / true_size[1]

    def stretched(self, w, h):
        if (w, h) == (self.w, self.h):
            return self.data
        first = bytes(self.data[:4])
        if self.data.count(first) == self.w * self.h:   # one colour: no resampling needed
            return images.solid(w, h, first)
        return images.resample(self.data, self.w, self.h, w, h)
