"""tdsim's GLSL renderer: a separate process that runs GLSL TOP shaders on Mesa's software OpenGL
(llvmpipe) through OSMesa, with PyOpenGL and numpy. tdsim itself stays standard-library only; it
starts this script with an interpreter that has those modules (see tdsim/families/top/glsl.py).

Protocol on stdin/stdout, one request at a time: a JSON header line, then `payload` bytes.
  -> {"op": "render", "vertex": str, "pixel": str, "width": w, "height": h, "float": bool,
      "inputs": [{"width", "height", "float", "extend"}], "uniforms": [{"name", "values": [4]}],
      "payload": n}                                   payload: each input's pixels, in order
  <- {"ok": true, "payload": n}                        payload: RGBA8 pixels, then RGBA float32
                                                       pixels when "float" was asked
  <- {"ok": false, "stage": "pixel" | "link", "log": str}   the shader did not compile or link
  -> {"op": "ping"}  <- {"ok": true}
Pixels are rows from the top, as tdsim stores images; OpenGL's rows start at the bottom.
The first line written is {"ready": true} or {"ready": false, "reason": str}.
"""
import json
import os
import sys


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
        self.programs = {}
        self.helpers = self._helper_textures()

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

    def _filter(self, target, extend):
        GL = self.GL
        wrap = {"hold": GL.GL_CLAMP_TO_EDGE, "zero": GL.GL_CLAMP_TO_BORDER, "repeat": GL.GL_REPEAT,
                "mirror": GL.GL_MIRRORED_REPEAT}.get(extend, GL.GL_CLAMP_TO_EDGE)
        GL.glTexParameteri(target, GL.GL_TEXTURE_MIN_FILTER, GL.GL_LINEAR)
        GL.glTexParameteri(target, GL.GL_TEXTURE_MAG_FILTER, GL.GL_LINEAR)
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
        if len(self.programs) > 64:
            self.programs.clear()
        self.programs[key] = result
        return result

    def render(self, req, payload):
        np, GL = self.np, self.GL
        prog, stage, log = self.program(req["vertex"], req["pixel"])
        if prog is None:
            return {"ok": False, "stage": stage, "log": log}, b""
        w, h = req["width"], req["height"]
        GL.glUseProgram(prog)
        textures, offset = [], 0
        for i, spec in enumerate(req["inputs"]):
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
            tex = GL.glGenTextures(1)
            textures.append(tex)
            GL.glActiveTexture(GL.GL_TEXTURE0 + i)
            GL.glBindTexture(GL.GL_TEXTURE_2D, tex)
            GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, fmt, iw, ih, 0, GL.GL_RGBA, kind, pixels)
            self._filter(GL.GL_TEXTURE_2D, spec.get("extend", "hold"))
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
        self._set(prog, "uTDPass", 0)
        self._set(prog, "uTDCurrentDepth", 0)
        for u in req["uniforms"]:
            self._set(prog, u["name"], u["values"])

        want_float = bool(req.get("float"))
        fbo = GL.glGenFramebuffers(1)
        target = GL.glGenTextures(1)
        GL.glBindTexture(GL.GL_TEXTURE_2D, target)
        if want_float:
            GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, GL.GL_RGBA32F, w, h, 0, GL.GL_RGBA, GL.GL_FLOAT, None)
        else:   # 8 bits a channel, as the TOP's 8-bit formats store it: no float readback
            GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, GL.GL_RGBA8, w, h, 0, GL.GL_RGBA, GL.GL_UNSIGNED_BYTE, None)
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, fbo)
        GL.glFramebufferTexture2D(GL.GL_FRAMEBUFFER, GL.GL_COLOR_ATTACHMENT0, GL.GL_TEXTURE_2D, target, 0)
        GL.glViewport(0, 0, w, h)
        GL.glClearColor(0.0, 0.0, 0.0, 0.0)
        GL.glClear(GL.GL_COLOR_BUFFER_BIT)
        GL.glBindVertexArray(self.vao)
        GL.glDrawArrays(GL.GL_TRIANGLES, 0, 3)
        if want_float:
            pixels = GL.glReadPixels(0, 0, w, h, GL.GL_RGBA, GL.GL_FLOAT, outputType=None)
        else:
            pixels = GL.glReadPixels(0, 0, w, h, GL.GL_RGBA, GL.GL_UNSIGNED_BYTE, outputType=None)
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, 0)
        GL.glDeleteFramebuffers(1, [fbo])
        GL.glDeleteTextures([target] + textures)
        if not want_float:
            return {"ok": True}, np.frombuffer(pixels, np.uint8).reshape(h, w, 4)[::-1].tobytes()
        floats = np.frombuffer(pixels, np.float32).reshape(h, w, 4)[::-1]
        floats = np.nan_to_num(floats, nan=0.0, posinf=0.0, neginf=0.0)
        bytes8 = (np.clip(floats, 0.0, 1.0) * 255.0 + 0.5).astype(np.uint8).tobytes()
        return {"ok": True}, bytes8 + np.ascontiguousarray(floats, np.float32).tobytes()

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
        setters = {
            GL.GL_FLOAT: lambda: GL.glUniform1f(loc, v[0]),
            GL.GL_FLOAT_VEC2: lambda: GL.glUniform2f(loc, v[0], v[1]),
            GL.GL_FLOAT_VEC3: lambda: GL.glUniform3f(loc, v[0], v[1], v[2]),
            GL.GL_FLOAT_VEC4: lambda: GL.glUniform4f(loc, v[0], v[1], v[2], v[3]),
            GL.GL_INT: lambda: GL.glUniform1i(loc, int(round(v[0]))),
            GL.GL_BOOL: lambda: GL.glUniform1i(loc, int(v[0] != 0.0)),
        }
        setter = setters.get(kind)
        if setter is not None:
            setter()

    def _uniform_type(self, prog, name):
        GL = self.GL
        count = GL.glGetProgramiv(prog, GL.GL_ACTIVE_UNIFORMS)
        for i in range(count):
            uname, _, kind = GL.glGetActiveUniform(prog, i)
            uname = uname.decode() if isinstance(uname, bytes) else uname
            if uname in (name, name + "[0]"):   # an array reports its first element's name
                return kind
        return None


def main():
    renderer, reason = start()
    if renderer is None:
        reply({"ready": False, "reason": reason})
        return 0
    reply({"ready": True})
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
        try:
            header, data = renderer.render(req, payload)
        except Exception as exc:
            header, data = {"ok": False, "stage": "render", "log": "%s: %s" % (type(exc).__name__, exc)}, b""
        reply(header, data)


if __name__ == "__main__":
    sys.exit(main())
