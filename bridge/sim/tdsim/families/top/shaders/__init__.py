"""Every TOP type tdsim draws as a shader, by module: generators, compose (compositing), spatial
(moving pixels), colour (per-pixel colour), filters (neighbourhoods). Each entry maps an operator
type to a function of a render job returning a shading.Pass, a list of them, or None when the
TOP cannot be drawn with its settings (then it is labelled)."""
from __future__ import annotations

from . import arrange, colour, compose, filters, frames, generators, media, more, spatial

SHADERS: dict = {}
for _module in (generators, compose, spatial, colour, filters, more, media, frames, arrange):
    SHADERS.update(_module.SHADERS)
