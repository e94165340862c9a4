"""Running GLSL shaders for tdsim: a client of the renderer process `bridge/sim/glsl_worker.py`.

Images rendered there stay there as textures (`Texture`, freed when the last Python reference
goes) until something reads their pixels, so a chain of shader TOPs sends no pixels through the
pipe; only the picture asked for is read back.

tdsim is standard-library Python; shaders need OpenGL. The worker runs on Mesa's software OpenGL
(llvmpipe, through OSMesa) with PyOpenGL and numpy, under the first interpreter that has them:
`TDSIM_GL_PYTHON` when set, else this interpreter, else `/usr/bin/python3` (where Debian's
`python3-opengl` and `python3-numpy` install). It starts on first use and stops with tdsim (its
stdin closes). When none works, `unavailable()` says why, and GLSL TOPs say so on the node.
"""
from __future__ import annotations

import atexit
import importlib.util
import json
import os
import subprocess
import sys
import threading
import weakref

WORKER = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "glsl_worker.py"))
SYSTEM_PYTHON = "/usr/bin/python3"
INSTALL_HINT = ("install the Debian packages libosmesa6, python3-opengl and python3-numpy "
                "(for /usr/bin/python3), or set TDSIM_GL_PYTHON to a python3 that has PyOpenGL and numpy")

# The vertex stage of a GLSL TOP: one triangle covering the output, vUV.st from 0 to 1 across it.
VERTEX_SHADER = """#version 460
out vec3 vUV;
void main() {
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    vUV = vec3(p, 0.0);
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
"""


class ShaderError(Exception):
    """The shader did not compile or link; `log` is the OpenGL compiler's log."""

    def __init__(self, stage, log):
        super().__init__(log)
        self.stage, self.log = stage, log


def _interpreter():
    chosen = os.environ.get("TDSIM_GL_PYTHON")
    if chosen:
        return chosen
    if importlib.util.find_spec("numpy") and importlib.util.find_spec("OpenGL"):
        return sys.executable
    return SYSTEM_PYTHON


class _Worker:
    def __init__(self):
        self.lock = threading.Lock()
        self.proc = None
        self.reason = None     # why shaders cannot run here, once known
        self.epoch = 0         # which process the texture ids belong to
        self.unused: list[int] = []   # textures to free with the next request
        self.libraries: dict = {}     # the renderer's optional libraries (glsl_raster.py)

    def _start(self):
        python = _interpreter()
        try:
            self.proc = subprocess.Popen([python, WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL)
        except OSError as exc:
            self.reason = f"{python} cannot start ({exc.strerror or exc}): {INSTALL_HINT}"
            return
        self.epoch += 1
        self.unused = []
        hello = self._read_header()
        self.libraries = dict(hello.get("libraries") or {}) if hello else {}
        if hello is None or not hello.get("ready"):
            detail = hello.get("reason") if hello else "the renderer exited"
            self.reason = f"no OpenGL for {python} ({detail}): {INSTALL_HINT}"
            self._stop()

    def _read_header(self):
        line = self.proc.stdout.readline()
        if not line:
            return None
        try:
            return json.loads(line)
        except ValueError:
            return None

    def _stop(self):
        if self.proc is not None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except Exception:
                self.proc.kill()
            self.proc = None

    def request(self, header, payload=b""):
        with self.lock:
            if self.proc is None and self.reason is None:
                self._start()
            if self.reason is not None:
                return None, b""
            if self.unused:
                header, self.unused = dict(header, free=self.unused), []
            try:
                self.proc.stdin.write(json.dumps(dict(header, payload=len(payload))).encode() + b"\n")
                self.proc.stdin.write(payload)
                self.proc.stdin.flush()
                answer = self._read_header()
                data = self.proc.stdout.read(answer.get("payload", 0)) if answer else b""
            except (OSError, ValueError):
                answer = None
            if answer is None:
                # The renderer died (a driver crash): start a fresh one next time.
                self._stop()
                return {"ok": False, "stage": "render", "log": "the GLSL renderer process stopped"}, b""
            return answer, data


_worker = _Worker()
atexit.register(lambda: _worker._stop())


def known_unavailable():
    """Why shaders cannot run here when that is already known, else None (never starts the
    renderer: a node's warnings must not wait for it)."""
    return _worker.reason


LIBRARY_PACKAGES = {"pillow": "python3-pil", "cairosvg": "python3-cairosvg", "fontconfig": "fontconfig",
                    "chromium": "chromium"}


def missing_library(name):
    """The Debian package to install when the renderer runs but lacks an optional library (known
    once it has started), else None."""
    if _worker.proc is None or _worker.libraries.get(name, True):
        return None
    return LIBRARY_PACKAGES.get(name, name)


def unavailable():
    """Why tdsim cannot run shaders here, or None when it can (starts the renderer to find out)."""
    if _worker.proc is None and _worker.reason is None:
        _worker.request({"op": "ping"})
    return _worker.reason


class Texture:
    """An image kept in the renderer process: its id there, size and whether it holds floats."""
    __slots__ = ("id", "w", "h", "float", "epoch", "__weakref__")

    def __init__(self, tid, w, h, is_float):
        self.id, self.w, self.h, self.float, self.epoch = tid, w, h, is_float, _worker.epoch
        weakref.finalize(self, _release, tid, self.epoch)

    def valid(self):
        return self.epoch == _worker.epoch and _worker.proc is not None


def _release(tid, epoch):
    if epoch == _worker.epoch:
        _worker.unused.append(tid)


def _answer(answer):
    if answer is None:
        raise RuntimeError(_worker.reason)
    if not answer.get("ok"):
        if answer.get("stage") == "render":
            raise RuntimeError(answer.get("log", "the renderer failed"))
        raise ShaderError(answer.get("stage"), answer.get("log", ""))
    return answer


def run_pass(pixel_source, width, height, inputs, uniforms, want_float=False, vertex=VERTEX_SHADER):
    """Runs a complete pixel shader (environment included) at width x height into a new Texture.

    inputs: [(Texture, extend, filter)]. Raises ShaderError when the shader does not compile,
    RuntimeError when shaders cannot run here (or a texture belongs to a stopped renderer)."""
    specs = []
    for tex, extend, smooth in inputs:
        if not tex.valid():
            raise RuntimeError("the renderer process restarted: its images are gone")
        specs.append({"tex": tex.id, "extend": extend, "filter": smooth})
    header = {"op": "pass", "vertex": vertex, "pixel": pixel_source, "width": width, "height": height,
              "float": want_float, "inputs": specs, "uniforms": uniforms}
    answer = _answer(_worker.request(header)[0])
    return Texture(answer["tex"], width, height, want_float)


def upload(width, height, data, floats=None):
    """A Texture holding RGBA8 `data` (rows from the top), or float32 `floats` when given."""
    payload = floats if floats is not None else bytes(data)
    header = {"op": "upload", "width": width, "height": height, "float": floats is not None}
    answer = _answer(_worker.request(header, payload)[0])
    return Texture(answer["tex"], width, height, floats is not None)


BLIT_SHADER = """#version 460
in vec3 vUV;
uniform sampler2D sTD2DInputs[1];
out vec4 fragColor;
void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }
"""


def read(tex, width=None, height=None, want_float=False):
    """(RGBA8 bytes, float32 bytes or None) of a Texture, rows from the top; at another size it is
    resampled with linear filtering first."""
    if not tex.valid():
        raise RuntimeError("the renderer process restarted: its images are gone")
    w, h = width or tex.w, height or tex.h
    header = {"op": "read", "tex": tex.id, "width": w, "height": h, "float": want_float,
              "vertex": VERTEX_SHADER, "pixel": BLIT_SHADER}
    answer, data = _worker.request(header)
    _answer(answer)
    size = w * h * 4
    return data[:size], (data[size:] if want_float else None)


def render(pixel_source, width, height, inputs, uniforms, want_float=False):
    """Runs a complete pixel shader (environment included) at width x height.

    inputs: [(width, height, rgba8 bytes or None, float32 bytes or None, extend)].
    Returns (rgba8 bytes, float32 bytes or None); raises ShaderError when the shader does not
    compile, RuntimeError when shaders cannot run here."""
    specs, parts = [], []
    for w, h, data, floats, extend in inputs:
        specs.append({"width": w, "height": h, "float": floats is not None, "extend": extend})
        parts.append(floats if floats is not None else bytes(data))
    header = {"op": "render", "vertex": VERTEX_SHADER, "pixel": pixel_source, "width": width,
              "height": height, "float": want_float, "inputs": specs, "uniforms": uniforms}
    answer, data = _worker.request(header, b"".join(parts))
    if answer is None:
        raise RuntimeError(_worker.reason)
    if not answer.get("ok"):
        if answer.get("stage") == "render":
            raise RuntimeError(answer.get("log", "the GLSL renderer failed"))
        raise ShaderError(answer.get("stage"), answer.get("log", ""))
    size = width * height * 4
    return data[:size], (data[size:] if want_float else None)


def compile_program(vertex, pixel):
    """Compiles and links a material's program in the renderer: None when it links, else
    (stage, log). Raises RuntimeError when shaders cannot run here."""
    answer, _ = _worker.request({"op": "compile_mat", "vertex": vertex, "pixel": pixel})
    if answer is None:
        raise RuntimeError(_worker.reason)
    if answer.get("ok"):
        return None
    if answer.get("stage") == "render":
        raise RuntimeError(answer.get("log", "the renderer failed"))
    return answer.get("stage"), answer.get("log", "")


def render_scene(header, payload):
    """Draws a 3D scene (glsl_scene.py) into new Textures: (colour, depth or None). Raises
    ShaderError for a material that does not compile, RuntimeError when shaders cannot run here."""
    answer, _ = _worker.request(dict(header, op="scene"), payload)
    answer = _answer(answer)
    w, h = header["width"], header["height"]
    depth = Texture(answer["depthtex"], w, h, True) if answer.get("depthtex") else None
    return Texture(answer["tex"], w, h, bool(header.get("float"))), depth


class FileError(Exception):
    """A file the renderer could not read (an image, a font, an SVG drawing): `log` says why."""

    def __init__(self, log):
        super().__init__(log)
        self.log = log


def raster(header):
    """Text, an image file or an SVG drawing made into a Texture by the renderer (glsl_raster.py):
    (Texture, the answer's other fields). Raises FileError for a file it cannot read, RuntimeError
    when the renderer cannot run here."""
    answer, _ = _worker.request(dict(header, op="raster"))
    if answer is None:
        raise RuntimeError(_worker.reason)
    if not answer.get("ok"):
        if answer.get("stage") == "file":
            raise FileError(answer.get("log", ""))
        raise RuntimeError(answer.get("log", "the renderer failed"))
    if "tex" not in answer:          # a measurement (blobs), no picture
        return None, answer
    w = answer.get("width", header.get("width"))
    h = answer.get("height", header.get("height"))
    floats = answer.get("float", header.get("kind") in ("text", "svg", "spectrum", "web"))
    return Texture(answer["tex"], w, h, bool(floats)), answer
