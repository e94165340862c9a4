"""A rendered TOP's pixels (Picture), as the renderers, feedback and GLSL pass them around."""
from __future__ import annotations

from . import glsl, images


class Picture:
    """A rendered TOP: RGBA at w x h working pixels; sx, sy are working pixels per pixel of the
    TOP's true resolution `true_size`.

    A picture drawn by a shader lives in the renderer process (`tex`, a glsl.Texture) and its
    bytes are read from there only when someone asks for `data` (a PNG, a pure-Python filter);
    a picture drawn in Python holds its bytes and is uploaded once when a shader reads it. A
    float picture also keeps float32 RGBA pixels (`floats`: simulation state must not be
    rounded to 8 bits)."""
    __slots__ = ("_data", "w", "h", "sx", "sy", "true_size", "_floats", "tex", "drawn_by")

    def __init__(self, data, w, h, true_size, floats=None, tex=None, drawn_by="python"):
        self._data, self.w, self.h, self.true_size, self._floats = data, w, h, true_size, floats
        self.tex, self.drawn_by = tex, drawn_by
        self.sx, self.sy = w / true_size[0], h / true_size[1]

    @property
    def is_float(self):
        return self._floats is not None or (self.tex is not None and self.tex.float)

    @property
    def data(self):
        if self._data is None:
            data, floats = glsl.read(self.tex, want_float=self.tex.float)
            self._data = bytearray(data)
            if floats:
                self._floats = floats
        return self._data

    @property
    def floats(self):
        if self._floats is None and self.tex is not None and self.tex.float:
            _ = self.data
        return self._floats

    def texture(self):
        """This picture in the renderer process, uploaded the first time a shader reads it."""
        if self.tex is None or not self.tex.valid():
            self.tex = glsl.upload(self.w, self.h, self._data, self._floats)
        return self.tex

    def stretched(self, w, h):
        if (w, h) == (self.w, self.h):
            return self.data
        if self._data is None and self.tex is not None:
            return bytearray(glsl.read(self.tex, w, h)[0])   # resampled there, linearly
        first = bytes(self.data[:4])
        if self.data.count(first) == self.w * self.h:   # one colour: no resampling needed
            return images.solid(w, h, first)
        return images.resample(self.data, self.w, self.h, w, h)
