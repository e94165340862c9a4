"""Where a shape or overlay goes in a TOP: justification and the centre offset, in output pixels
with y up (TouchDesigner's texture coordinates start at the bottom left)."""
from __future__ import annotations

from .. import renderpars as rp


def anchor_uniforms(top, w, h, half):
    """The centre of a shape of half-size `half` (pixels): justified (`justifyh`, `justifyv`),
    then moved by `center` in its units."""
    jh = rp.menu(top, "justifyh", ("left", "center", "right"), "center")
    jv = rp.menu(top, "justifyv", ("bottom", "center", "top"), "center")
    x = {"left": half[0], "center": w / 2, "right": w - half[0]}[jh]
    y = {"bottom": half[1], "center": h / 2, "top": h - half[1]}[jv]
    x += rp.length(top, "centerx", "centerunit", "x", w, h)
    y += rp.length(top, "centery", "centerunit", "y", w, h)
    return x, y
