"""Every TOP type tdsim draws as a shader, by module: generators, compose (compositing), spatial
(moving pixels), colour (per-pixel colour), filters (neighbourhoods). Each entry maps an operator
type to a function of a render job returning a shading.Pass, a list of them, or None when the
TOP cannot be drawn with its settings (then it is labelled)."""
from __future__ import annotations

from ..scripttop import script_size
from . import analysis, arrange, colour, compose, conversions, geometry3d, motion, points, filters, frames, generators, media, more, spatial

SHADERS: dict = {}
for _module in (generators, compose, spatial, colour, filters, more, media, frames, arrange, analysis, conversions, geometry3d, motion, points):
    SHADERS.update(_module.SHADERS)

# TOPs whose output size is not their input's (the input's w, h -> theirs), and TOPs whose output
# is 32-bit float unless their Pixel Format says otherwise.
SIZE_RULES = {"analyzeTOP": analysis.analyze_size, "packTOP": conversions.pack_size}
# TOPs without an input whose size comes from what they read (a file, a POP), or None when unknown.
OWN_SIZE_RULES = {"moviefileinTOP": media.movie_size, "poptoTOP": geometry3d.popto_size,
                  "scriptTOP": script_size, "pointfileinTOP": points.size, "pointfileselectTOP": points.size}
FLOAT_RULES = {"poptoTOP": lambda top: True, "spectrumTOP": lambda top: True, "opticalflowTOP": lambda top: True, "scriptTOP": lambda top: True,
               "pointfileinTOP": lambda top: True, "pointfileselectTOP": lambda top: True,
               "analyzeTOP": analysis.analyze_is_float, "packTOP": conversions.pack_is_float}
