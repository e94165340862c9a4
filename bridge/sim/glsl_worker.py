"""tdsim's GLSL renderer: a separate process that runs GLSL TOP shaders on Mesa's software OpenGL
(llvmpipe) through OSMesa, with PyOpenGL and numpy. tdsim itself stays standard-library only; it
starts this script with an interpreter that has those modules (see tdsim/families/top/glsl.py).

Protocol on stdin/stdout, one request at a time: a JSON header line, then `payload` bytes.
Textures stay in this process between requests, named by the ids it answers, so a chain of TOPs
passes no pixels through the pipe until someone reads them.
  -> {"op": "pass", "vertex": str, "pixel": str, "width": w, "height": h, "float": bool,
      "inputs": [{"tex": id, "extend", "filter"} | {"width", "height", "float", "extend", "filter"}],
      "uniforms": [{"name", "values": [4]}], "read": bool, "keep": bool, "payload": n}
                            payload: the pixels of each input not given as a texture, in order
  <- {"ok": true, "tex": id, "payload": n}     the new texture; with "read", its pixels: RGBA8,
                                               then RGBA float32 when "float" was asked
  <- {"ok": false, "stage": "vertex" | "pixel" | "link" | "render", "log": str}
  -> {"op": "read", "tex": id, "width", "height", "float", "vertex", "pixel"}
                            the texture's pixels, resampled (linear) when the size differs
  -> {"op": "upload", "width", "height", "float"} + pixels  <- {"ok": true, "tex": id}
  -> {"op": "render", ...}  a pass answered with its pixels and not kept (whole images in, out)
  -> {"op": "scene", ...}   a Render TOP's 3D scene (glsl_scene.py says what it holds)
  -> {"op": "compile_mat", "vertex", "pixel"}   a material's program compiled and linked only
  -> {"op": "raster", "kind": "text" | "image" | "svg", ...}   text in a real font, an image file,
                            an SVG drawing, made into a kept texture (glsl_raster.py says how)
  -> {"op": "ping"}  <- {"ok": true}
Any request may carry "free": [ids], textures no longer needed, dropped first.
Pixels are rows from the top, as tdsim stores images; OpenGL's rows start at the bottom.
The first line written is {"ready": true, "libraries": {name: bool}} (what glsl_raster.py can use) or
{"ready": false, "reason": str}.
"""
import json
import os
import sys

from glsl_raster import Raster
from glsl_scene import SceneRenderer


def reply(header, payload=b""):
    header = dict(header, payload=len(payload))
    out = sys.stdout.buffer
    out.write(json.dumps(header).encode() + b"\n")
    out.write(payload)
    out.flush()


def start():
    os.environ.setdefault("PYOPENGL_PLATFORM", "osmesa")
    # llvmpipe implements OpenGL 4.5; its GLSL compiler accepts 4.60, TouchDesigner's version.
    os.environ.setdefault("MESA_GL_VERSION_OVERRIDE", "4.6")
    os.environ.setdefault("MESA_GLSL_VERSION_OVERRIDE", "460")
    try:
        # Here, not at the top: numpy and PyOpenGL are optional and heavy, and without them this
        # process answers that it cannot render instead of failing to start.
        import numpy
        from OpenGL import GL, arrays, osmesa
    except Exception as exc:   # ImportError, or PyOpenGL failing to load libOSMesa
        return None, "%s: %s" % (type(exc).__name__, exc)
    try:
        return Renderer(numpy, GL, arrays, osmesa), None
    except Exception as exc:
        return None, "cannot create an OSMesa context: %s" % exc


class Renderer:
    def __init__(self, np, GL, arrays, osmesa):
        self.np, self.GL = np, GL
        self.ctx = osmesa.OSMesaCreateContextAttribs([
            osmesa.OSMESA_FORMAT, osmesa.OSMESA_RGBA, osmesa.OSMESA_PROFILE, osmesa.OSMESA_CORE_PROFILE,
            osmesa.OSMESA_CONTEXT_MAJOR_VERSION, 4, osmesa.OSMESA_CONTEXT_MINOR_VERSION, 5, 0], None)
        if not self.ctx:
            raise RuntimeError("OSMesaCreateContextAttribs failed")
        self.buf = arrays.GLubyteArray.zeros((1, 1, 4))
        if not osmesa.OSMesaMakeCurrent(self.ctx, self.buf, GL.GL_UNSIGNED_BYTE, 1, 1):
            raise RuntimeError("OSMesaMakeCurrent failed")
        self.vao = GL.glGenVertexArrays(1)
        self.fbo = GL.glGenFramebuffers(1)
        self.textures, self.next_id = {}, 0
        self.pool, self.pooled = {}, 0       # freed textures by (w, h, float), for reuse
        self.programs = {}
        self.uniform_types = {}
        self.helpers = self._helper_textures()
        self.scene = SceneRenderer(self)
        self.raster = Raster(self)

    def _helper_textures(self):
        """sTDNoiseMap (256x256 red random) and sTDSineLookup (a red 0..1 sine), deterministic."""
        np, GL = self.np, self.GL
        noise = np.random.default_rng(1).random((256, 256), dtype=np.float32)
        sine = (0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, 256, dtype=np.float32))).astype(np.float32)
        t2, t1 = GL.glGenTextures(2)
        GL.glBindTexture(GL.GL_TEXTURE_2D, t2)
        GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, GL.GL_R32F, 256, 256, 0, GL.GL_RED, GL.GL_FLOAT, noise)
        self._filter(GL.GL_TEXTURE_2D, "repeat")
        GL.glBindTexture(GL.GL_TEXTURE_1D, t1)
        GL.glTexImage1D(GL.GL_TEXTURE_1D, 0, GL.GL_R32F, 256, 0, GL.GL_RED, GL.GL_FLOAT, sine)
        self._filter(GL.GL_TEXTURE_1D, "hold")
        return {"sTDNoiseMap": (GL.GL_TEXTURE_2D, t2), "sTDSineLookup": (GL.GL_TEXTURE_1D, t1)}

    def _filter(self, target, extend, smooth="linear"):
        GL = self.GL
        wrap = {"hold": GL.GL_CLAMP_TO_EDGE, "zero": GL.GL_CLAMP_TO_BORDER, "repeat": GL.GL_REPEAT,
                "mirror": GL.GL_MIRRORED_REPEAT}.get(extend, GL.GL_CLAMP_TO_EDGE)
        how = GL.GL_NEAREST if smooth == "nearest" else GL.GL_LINEAR
        GL.glTexParameteri(target, GL.GL_TEXTURE_MIN_FILTER, how)
        GL.glTexParameteri(target, GL.GL_TEXTURE_MAG_FILTER, how)
        for axis in (GL.GL_TEXTURE_WRAP_S, GL.GL_TEXTURE_WRAP_T):
            GL.glTexParameteri(target, axis, wrap)
        GL.glTexParameterfv(target, GL.GL_TEXTURE_BORDER_COLOR, [0.0, 0.0, 0.0, 0.0])

    def _compile(self, kind, source):
        GL = self.GL
        shader = GL.glCreateShader(kind)
        GL.glShaderSource(shader, source)
        GL.glCompileShader(shader)
        if not GL.glGetShaderiv(shader, GL.GL_COMPILE_STATUS):
            log = GL.glGetShaderInfoLog(shader)
            GL.glDeleteShader(shader)
            return None, log.decode("utf-8", "replace") if isinstance(log, bytes) else str(log)
        return shader, None

    def program(self, vertex, pixel):
        key = (vertex, pixel)
        if key in self.programs:
            return self.programs[key]
        GL = self.GL
        vs, log = self._compile(GL.GL_VERTEX_SHADER, vertex)
        if vs is None:
            result = (None, "vertex", log)
        else:
            fs, log = self._compile(GL.GL_FRAGMENT_SHADER, pixel)
            if fs is None:
                result = (None, "pixel", log)
            else:
                prog = GL.glCreateProgram()
                GL.glAttachShader(prog, vs)
                GL.glAttachShader(prog, fs)
                GL.glLinkProgram(prog)
                if not GL.glGetProgramiv(prog, GL.GL_LINK_STATUS):
                    log = GL.glGetProgramInfoLog(prog)
                    result = (None, "link", log.decode("utf-8", "replace") if isinstance(log, bytes) else str(log))
                else:
                    result = (prog, None, None)
        if len(self.programs) > 256:
            self.programs.clear()
            self.uniform_types.clear()
        self.programs[key] = result
        return result

    # ---- textures kept between requests ------------------------------------------------------
    def _new_texture(self, w, h, want_float, pixels=None, source_float=None):
        """A kept texture. Storage for a texture to render into is reused from one freed at the same
        size and format: llvmpipe takes about as long to allocate a 1280x720 texture as to draw it."""
        GL = self.GL
        key = (w, h, bool(want_float))
        spare = self.pool.get(key)
        if pixels is None and spare:
            tex = spare.pop()
            self.pooled -= 1
        else:
            tex = GL.glGenTextures(1)
            GL.glBindTexture(GL.GL_TEXTURE_2D, tex)
            fmt = GL.GL_RGBA32F if want_float else GL.GL_RGBA8
            if pixels is None:
                kind = GL.GL_FLOAT if want_float else GL.GL_UNSIGNED_BYTE
            else:
                kind = GL.GL_FLOAT if source_float else GL.GL_UNSIGNED_BYTE
            GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, fmt, w, h, 0, GL.GL_RGBA, kind, pixels)
        self.next_id += 1
        self.textures[self.next_id] = (tex, w, h, bool(want_float))
        return self.next_id

    POOL_LIMIT = 48      # freed textures kept for reuse, at most

    def _free(self, ids):
        gone = []
        for i in ids or ():
            entry = self.textures.pop(i, None)
            if entry is None:
                continue
            tex, w, h, is_float = entry
            if self.pooled < self.POOL_LIMIT:
                self.pool.setdefault((w, h, is_float), []).append(tex)
                self.pooled += 1
            else:
                gone.append(tex)
        if gone:
            self.GL.glDeleteTextures(gone)

    def upload(self, req, payload):
        np = self.np
        w, h, is_float = req["width"], req["height"], bool(req.get("float"))
        if is_float:
            pixels = np.frombuffer(payload, np.float32, w * h * 4).reshape(h, w, 4)[::-1]
        else:
            pixels = np.frombuffer(payload, np.uint8, w * h * 4).reshape(h, w, 4)[::-1]
        tid = self._new_texture(w, h, is_float, np.ascontiguousarray(pixels), is_float)
        return {"ok": True, "tex": tid}, b""

    def _bind_input(self, unit, spec, payload, offset):
        """Binds input `unit` (a kept texture, or pixels from the payload); returns
        (texture to delete afterwards or None, new payload offset, (w, h))."""
        np, GL = self.np, self.GL
        GL.glActiveTexture(GL.GL_TEXTURE0 + unit)
        made = None
        if "tex" in spec:
            tex, iw, ih, _f = self.textures[spec["tex"]]
            GL.glBindTexture(GL.GL_TEXTURE_2D, tex)
        else:
            iw, ih = spec["width"], spec["height"]
            if spec["float"]:
                size = iw * ih * 16
                pixels = np.frombuffer(payload, np.float32, iw * ih * 4, offset)
                fmt, kind = GL.GL_RGBA32F, GL.GL_FLOAT
            else:
                size = iw * ih * 4
                pixels = np.frombuffer(payload, np.uint8, size, offset)
                fmt, kind = GL.GL_RGBA8, GL.GL_UNSIGNED_BYTE
            offset += size
            pixels = np.ascontiguousarray(pixels.reshape(ih, iw, 4)[::-1])
            made = GL.glGenTextures(1)
            GL.glBindTexture(GL.GL_TEXTURE_2D, made)
            GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, fmt, iw, ih, 0, GL.GL_RGBA, kind, pixels)
        self._filter(GL.GL_TEXTURE_2D, spec.get("extend", "hold"), spec.get("filter", "linear"))
        return made, offset, (iw, ih)

    def _target(self, tid):
        GL = self.GL
        tex, w, h, _f = self.textures[tid]
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, self.fbo)
        GL.glFramebufferTexture2D(GL.GL_FRAMEBUFFER, GL.GL_COLOR_ATTACHMENT0, GL.GL_TEXTURE_2D, tex, 0)
        GL.glViewport(0, 0, w, h)

    def _read(self, tid, want_float):
        """The kept texture's pixels, rows from the top: RGBA8 bytes, then float32 ones when asked."""
        np, GL = self.np, self.GL
        _tex, w, h, is_float = self.textures[tid]
        self._target(tid)
        if is_float:
            pixels = GL.glReadPixels(0, 0, w, h, GL.GL_RGBA, GL.GL_FLOAT, outputType=None)
            floats = np.frombuffer(pixels, np.float32).reshape(h, w, 4)[::-1]
            floats = np.nan_to_num(floats, nan=0.0, posinf=0.0, neginf=0.0)
            bytes8 = (np.clip(floats, 0.0, 1.0) * 255.0 + 0.5).astype(np.uint8).tobytes()
            extra = np.ascontiguousarray(floats, np.float32).tobytes() if want_float else b""
        else:
            pixels = GL.glReadPixels(0, 0, w, h, GL.GL_RGBA, GL.GL_UNSIGNED_BYTE, outputType=None)
            bytes8 = np.frombuffer(pixels, np.uint8).reshape(h, w, 4)[::-1].tobytes()
            extra = b""
            if want_float:
                extra = (np.frombuffer(bytes8, np.uint8).astype(np.float32) / 255.0).tobytes()
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, 0)
        return bytes8 + extra

    def run_pass(self, req, payload):
        """One shader pass into a new kept texture (its id is answered); "read" also answers
        its pixels. Inputs are kept textures ({"tex": id}) or pixels in the payload."""
        GL = self.GL
        prog, stage, log = self.program(req["vertex"], req["pixel"])
        if prog is None:
            return {"ok": False, "stage": stage, "log": log}, b""
        w, h = req["width"], req["height"]
        GL.glUseProgram(prog)
        made, offset = [], 0
        for i, spec in enumerate(req["inputs"]):
            tex, offset, (iw, ih) = self._bind_input(i, spec, payload, offset)
            if tex is not None:
                made.append(tex)
            self._set(prog, "sTD2DInputs[%d]" % i, i)
            self._set(prog, "uTD2DInfos[%d].res" % i, [1.0 / iw, 1.0 / ih, iw, ih])
            self._set(prog, "uTD2DInfos[%d].depth" % i, [1.0, 1.0, 0.0, 0.0])
        unit = len(req["inputs"])
        for name, (target, tex) in self.helpers.items():
            GL.glActiveTexture(GL.GL_TEXTURE0 + unit)
            GL.glBindTexture(target, tex)
            self._set(prog, name, unit)
            unit += 1
        self._set(prog, "uTDOutputInfo.res", [1.0 / w, 1.0 / h, w, h])
        self._set(prog, "uTDOutputInfo.depth", [1.0, 1.0, 0.0, 0.0])
        self._set(prog, "uTDPass", int(req.get("pass", 0)))
        self._set(prog, "uTDCurrentDepth", 0)
        for u in req["uniforms"]:
            self._set(prog, u["name"], u["values"])
        want_float = bool(req.get("float"))
        tid = self._new_texture(w, h, want_float)
        self._target(tid)
        GL.glClearColor(0.0, 0.0, 0.0, 0.0)
        GL.glClear(GL.GL_COLOR_BUFFER_BIT)
        GL.glBindVertexArray(self.vao)
        GL.glDrawArrays(GL.GL_TRIANGLES, 0, 3)
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, 0)
        if made:
            GL.glDeleteTextures(made)
        data = b""
        if req.get("read"):
            data = self._read(tid, want_float)
        if not req.get("keep", True):
            self._free([tid])
            return {"ok": True}, data
        return {"ok": True, "tex": tid}, data

    def read(self, req, _payload):
        """A kept texture's pixels; at another size, resampled first (linear filtering)."""
        tid = req["tex"]
        if tid not in self.textures:
            return {"ok": False, "stage": "render", "log": "no texture %s" % tid}, b""
        _tex, w, h, is_float = self.textures[tid]
        want = (req.get("width", w), req.get("height", h))
        if want == (w, h):
            return {"ok": True}, self._read(tid, bool(req.get("float")))
        blit = {"vertex": req["vertex"], "pixel": req["pixel"], "width": want[0], "height": want[1],
                "float": is_float, "inputs": [{"tex": tid, "extend": "hold"}], "uniforms": [],
                "read": True, "keep": False}
        header, data = self.run_pass(blit, b"")
        if header.get("ok") and not req.get("float"):
            data = data[:want[0] * want[1] * 4]
        return header, data

    def render(self, req, payload):
        """A pass whose pixels are answered and not kept (the first protocol, kept for clients
        that send whole images)."""
        return self.run_pass(dict(req, read=True, keep=False), payload)

    def _set(self, prog, name, value):
        """Sets a uniform by name, whatever float/int size the shader declared it with."""
        GL = self.GL
        loc = GL.glGetUniformLocation(prog, name)
        if loc < 0:
            return
        if isinstance(value, int):
            GL.glUniform1i(loc, value)
            return
        kind = self._uniform_type(prog, name)
        v = [float(x) for x in value] + [0.0] * 4
        if kind == GL.GL_FLOAT_MAT4:   # column-major, as GLSL stores it
            GL.glUniformMatrix4fv(loc, 1, GL.GL_FALSE, v[:16] + [0.0] * (16 - len(v[:16])))
            return
        if kind == GL.GL_FLOAT_MAT3:
            GL.glUniformMatrix3fv(loc, 1, GL.GL_FALSE, v[:9] + [0.0] * (9 - len(v[:9])))
            return
        setters = {
            GL.GL_FLOAT: lambda: GL.glUniform1f(loc, v[0]),
            GL.GL_FLOAT_VEC2: lambda: GL.glUniform2f(loc, v[0], v[1]),
            GL.GL_FLOAT_VEC3: lambda: GL.glUniform3f(loc, v[0], v[1], v[2]),
            GL.GL_FLOAT_VEC4: lambda: GL.glUniform4f(loc, v[0], v[1], v[2], v[3]),
            GL.GL_INT: lambda: GL.glUniform1i(loc, int(round(v[0]))),
            GL.GL_INT_VEC2: lambda: GL.glUniform2i(loc, *(int(round(x)) for x in v[:2])),
            GL.GL_INT_VEC3: lambda: GL.glUniform3i(loc, *(int(round(x)) for x in v[:3])),
            GL.GL_INT_VEC4: lambda: GL.glUniform4i(loc, *(int(round(x)) for x in v[:4])),
            GL.GL_BOOL: lambda: GL.glUniform1i(loc, int(v[0] != 0.0)),
        }
        setter = setters.get(kind)
        if setter is not None:
            setter()

    def _uniform_type(self, prog, name):
        """The GL type a uniform was declared with; an array element (`uKeys[3]`) has its
        array's type. Looked up once per program."""
        GL = self.GL
        types = self.uniform_types.get(prog)
        if types is None:
            types = {}
            for i in range(GL.glGetProgramiv(prog, GL.GL_ACTIVE_UNIFORMS)):
                uname, _, kind = GL.glGetActiveUniform(prog, i)
                uname = uname.decode() if isinstance(uname, bytes) else uname
                types[uname] = kind
                if uname.endswith("[0]"):   # an array reports its first element's name
                    types[uname[:-3]] = kind
            self.uniform_types[prog] = types
        if name in types:
            return types[name]
        base = name.split("[", 1)[0]
        return types.get(base) if "[" in name and "." not in name else types.get(name)


def main():
    renderer, reason = start()
    if renderer is None:
        reply({"ready": False, "reason": reason})
        return 0
    reply({"ready": True, "libraries": renderer.raster.available()})
    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            return 0
        req = json.loads(line)
        payload = stdin.read(req.get("payload", 0)) if req.get("payload") else b""
        if req.get("op") == "ping":
            reply({"ok": True})
            continue
        handler = {"render": renderer.render, "pass": renderer.run_pass, "read": renderer.read,
                   "upload": renderer.upload, "scene": renderer.scene.render,
                   "compile_mat": renderer.scene.compile_only, "raster": renderer.raster.render}.get(req.get("op"))
        try:
            renderer._free(req.get("free"))
            if handler is None:
                raise ValueError("unknown request %r" % req.get("op"))
            header, data = handler(req, payload)
        except Exception as exc:
            header, data = {"ok": False, "stage": "render", "log": "%s: %s" % (type(exc).__name__, exc)}, b""
        reply(header, data)


if __name__ == "__main__":
    sys.exit(main())
