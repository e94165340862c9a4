"""The GLSL TOP in tdsim: its pixel shader run for real (glsl.py), with TouchDesigner's environment
from the kb (kb/glsl/top.glsl, top-pixel.glsl and functions.glsl: the text `svc check` compiles
with), the node's uniforms evaluated now, its wired TOPs as sTD2DInputs[] and its resolution (the
render's working size).

A shader that does not compile is an error on the node, as in TouchDesigner: "<stage> shader
compile error in <DAT path>, line N: <message>" (one per message; TouchDesigner's exact wording is
UNVERIFIED: it shows the log in the node's Info DAT). Where shaders cannot run (no OpenGL), the node
has a warning saying so and its image is labelled; nothing is pretended.
"""
from __future__ import annotations

import os
import re

from . import glsl
from . import renderpars as rp
from ...values.catalog import default_kb_dir
from .inputs import wired_sources

GLSL_TYPES = ("glslTOP", "glslmultiTOP")

FLOAT_FORMATS = ("rgba16float", "rgba32float", "rgba11float", "rgb16float", "rgb32float", "mono16float",
                 "mono32float", "rg16float", "rg32float", "a16float", "a32float", "monoalpha16float",
                 "monoalpha32float", "rgba16fixed", "mono16fixed", "rg16fixed", "a16fixed", "monoalpha16fixed")
DEFAULT_VERSION = 460
# As kb/glsl/environment.ts lists them for "top-pixel".
ENVIRONMENT_FILES = ("top.glsl", "top-pixel.glsl", "functions.glsl")
_environment = None
# Mesa's compiler log: "0:12(5): error: `x' undeclared"
_MESSAGE = re.compile(r"^\d+:(\d+)\(\d+\): (error|warning): (.*)$")


def glsl_dir():
    """kb/glsl: beside the kb's data (TDSIM_KB_DIR may point at a copy of the data alone, then the
    checkout's own kb/glsl is used)."""
    beside = os.path.join(os.path.dirname(default_kb_dir()), "glsl")
    if os.path.isdir(beside):
        return beside
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "..", "..", "..", "kb", "glsl"))


def environment():
    global _environment
    if _environment is None:
        folder = glsl_dir()
        parts = []
        for name in ENVIRONMENT_FILES:
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                parts.append(f.read())
        _environment = "\n".join(parts)
    return _environment


def shader_dat(top):
    dat = rp.reference(top, "pixeldat")
    return dat if dat is not None and getattr(dat, "isDAT", False) else None


def version(top):
    m = re.match(r"glsl(\d+)$", rp.text(top, "glslversion", ""))
    return int(m.group(1)) if m else DEFAULT_VERSION


def pixel_source(top, dat):
    inputs = len(wired_sources(top))
    return (f"#version {version(top)}\n#define TD_PIXEL_SHADER\n#define TD_NUM_2D_INPUTS {inputs}\n{environment()}\n\n#line 1 1\n"
            + dat.text)


def uniforms(top):
    """Every named block of the Vectors and Colors pages, values evaluated now."""
    found = []
    for name in sorted(top._pars):
        m = re.match(r"(vec|color)(\d+)name$", name)
        if not m:
            continue
        uniform = rp.text(top, name, "").strip()
        if not uniform:
            continue
        prefix = m.group(1) + m.group(2)
        if m.group(1) == "vec":
            values = [rp.number(top, prefix + "value" + c) for c in "xyzw"]
        else:
            values = [rp.number(top, prefix + c) for c in ("rgbr", "rgbg", "rgbb")] + [rp.number(top, prefix + "alpha", 1.0)]
        found.append({"name": uniform, "values": values})
    return found


def compile_errors(top):
    """The node's errors from compiling its shader (cached in the renderer), as TouchDesigner
    lists them on the node; [] when it compiles or cannot be compiled here."""
    dat = shader_dat(top)
    if dat is None or not dat.text.strip():
        return []
    inputs = [(1, 1, b"\0\0\0\0", None, "hold")] * len(wired_sources(top))
    try:
        glsl.render(pixel_source(top, dat), 1, 1, inputs, [])
    except glsl.ShaderError as exc:
        return describe(exc, dat)
    except RuntimeError:
        return []
    return []


def describe(exc, dat):
    lines = []
    for raw in exc.log.splitlines():
        m = _MESSAGE.match(raw.strip())
        if m and m.group(2) == "error":
            lines.append(f"{exc.stage.capitalize()} shader compile error in {dat.path}, line {m.group(1)}: {m.group(3)}")
    return lines or [f"{exc.stage.capitalize()} shader compile error in {dat.path}: {exc.log.strip()[:300]}"]


def unavailable_warning(top):
    reason = glsl.unavailable()
    return [f"tdsim cannot run GLSL shaders here: {reason}"] if reason else []


def image(job):
    """The TOP's image at its resolution as a glsl.Texture, or (None, label) when it cannot be drawn."""
    top = job.top
    dat = shader_dat(top)
    if dat is None or not dat.text.strip():
        return None, "GLSL: NO PIXEL SHADER"
    extend = rp.text(top, "inputextenduv", "hold") or "hold"
    smooth = "nearest" if rp.text(top, "inputfiltertype", "linear") == "nearest" else "linear"
    try:
        inputs = [(job.source(i).texture(), extend, smooth) for i in range(len(job._wired))]
        want_float = rp.text(top, "format", "") in FLOAT_FORMATS
        tex = glsl.run_pass(pixel_source(top, dat), job.w, job.h, inputs, uniforms(top), want_float)
    except glsl.ShaderError:
        return None, "GLSL: COMPILE ERROR"
    except RuntimeError:
        return None, "GLSL: NOT RUN (NO OPENGL)"
    return tex, None
