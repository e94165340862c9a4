"""3D scenes for tdsim's renderer process (glsl_worker.py): what a Render TOP draws. tdsim sends
the geometry (vertex arrays), each draw's material program (GLSL MAT-style shaders with
TouchDesigner's MAT environment and tdsim's implementation of its functions), the camera, the
lights and the per-instance data; this draws them with depth into a new kept texture (and a depth
texture when asked), anti-aliased by multisampling when asked.

Request (after glsl_worker's protocol): {"op": "scene", "width", "height", "float", "samples",
  "bg": [4], "camera": {"view", "proj": [16 column-major], "near", "far", "position": [3]},
  "general": {"ambient": [4]}, "lights": [{...}], "depth": bool,
  "draws": [{"vertex", "pixel", "tri", "line", "point", "instances", "model": [16],
             "uniforms": [...], "textures": [{"name", "tex", "extend", "filter"}],
             "blend": null | [src, dst, op], "depthtest", "depthwrite", "cull", "wire", "linewidth",
             "pointsize"}], "payload": n}
payload: for each draw, its vertices (tri + line + point of them, 13 float32 each: P xyz, N xyz,
uv xyz, Cd rgba), then its instances (16 float32 each: translate xyz, rotate xyz (degrees),
scale xyz, colour rgba, texture uvw).
Answer: {"ok": true, "tex": id, "depthtex": id?}.
"""

import ctypes

VERTEX_FLOATS = 13
INSTANCE_FLOATS = 16
# Attribute locations: TouchDesigner's names in a GLSL MAT (P, N, uv[8], Cd) and tdsim's instance data.
ATTRIBUTES = (("P", 0), ("N", 1), ("Cd", 2), ("uv", 3), ("tdsInstT", 11), ("tdsInstR", 12), ("tdsInstS", 13),
              ("tdsInstCd", 14), ("tdsInstUV", 15))

BLEND = {"zero": "GL_ZERO", "one": "GL_ONE", "dcol": "GL_DST_COLOR", "omdcol": "GL_ONE_MINUS_DST_COLOR",
         "scol": "GL_SRC_COLOR", "omscol": "GL_ONE_MINUS_SRC_COLOR", "sa": "GL_SRC_ALPHA",
         "omsa": "GL_ONE_MINUS_SRC_ALPHA", "da": "GL_DST_ALPHA", "omda": "GL_ONE_MINUS_DST_ALPHA",
         "sas": "GL_SRC_ALPHA_SATURATE", "constantcol": "GL_CONSTANT_COLOR",
         "omconstantcol": "GL_ONE_MINUS_CONSTANT_COLOR", "constanta": "GL_CONSTANT_ALPHA",
         "omconstanta": "GL_ONE_MINUS_CONSTANT_ALPHA"}
BLEND_OPS = {"add": "GL_FUNC_ADD", "subtract": "GL_FUNC_SUBTRACT", "revsubtract": "GL_FUNC_REVERSE_SUBTRACT",
             "minimum": "GL_MIN", "maximum": "GL_MAX"}
DEPTH_FUNCS = {"less": "GL_LESS", "lessorequal": "GL_LEQUAL", "equal": "GL_EQUAL", "greater": "GL_GREATER",
               "greaterorequal": "GL_GEQUAL", "notequal": "GL_NOTEQUAL", "always": "GL_ALWAYS"}


class SceneRenderer:
    def __init__(self, renderer):
        self.r = renderer
        self.np, self.GL = renderer.np, renderer.GL
        GL = self.GL
        self.vao = GL.glGenVertexArrays(1)
        self.vbo, self.ibo = GL.glGenBuffers(2)
        self.ubos = GL.glGenBuffers(3)
        self.programs = {}
        self.targets = {}

    # ---- programs ---------------------------------------------------------------------------
    def program(self, vertex, pixel):
        key = (vertex, pixel)
        if key in self.programs:
            return self.programs[key]
        GL = self.GL
        vs, log = self.r._compile(GL.GL_VERTEX_SHADER, vertex)
        if vs is None:
            result = (None, "vertex", log)
        else:
            fs, log = self.r._compile(GL.GL_FRAGMENT_SHADER, pixel)
            if fs is None:
                result = (None, "pixel", log)
            else:
                prog = GL.glCreateProgram()
                GL.glAttachShader(prog, vs)
                GL.glAttachShader(prog, fs)
                for name, loc in ATTRIBUTES:
                    GL.glBindAttribLocation(prog, loc, name)
                GL.glLinkProgram(prog)
                if not GL.glGetProgramiv(prog, GL.GL_LINK_STATUS):
                    log = GL.glGetProgramInfoLog(prog)
                    result = (None, "link", log.decode("utf-8", "replace") if isinstance(log, bytes) else str(log))
                else:
                    for binding, block in enumerate(("TDGeneralBlock", "TDMatricesBlock", "TDCameraInfoBlock")):
                        index = GL.glGetUniformBlockIndex(prog, block)
                        if index != GL.GL_INVALID_INDEX:
                            GL.glUniformBlockBinding(prog, index, binding)
                    result = (prog, None, None)
        if len(self.programs) > 128:
            self.programs.clear()
        self.programs[key] = result
        return result

    def compile_only(self, req, _payload):
        prog, stage, log = self.program(req["vertex"], req["pixel"])
        return ({"ok": True}, b"") if prog is not None else ({"ok": False, "stage": stage, "log": log}, b"")

    # ---- uniform blocks (std140) --------------------------------------------------------------
    def _blocks(self, camera, model, general):
        np, GL = self.np, self.GL
        view = np.array(camera["view"], np.float32).reshape(4, 4).T      # column-major in, row-major here
        proj = np.array(camera["proj"], np.float32).reshape(4, 4).T
        world = np.array(model, np.float32).reshape(4, 4).T
        inv = np.linalg.inv

        def m4(m):
            return np.ascontiguousarray(m.T, np.float32).ravel()       # column-major out

        def m3(m):
            cols = np.zeros((3, 4), np.float32)
            cols[:, :3] = m[:3, :3].T
            return cols.ravel()
        cam_world = view @ world
        normal_world = inv(world[:3, :3]).T if abs(np.linalg.det(world[:3, :3])) > 1e-12 else np.eye(3)
        normal_cam = inv(cam_world[:3, :3]).T if abs(np.linalg.det(cam_world[:3, :3])) > 1e-12 else np.eye(3)
        mats = [world, inv(world), cam_world, inv(cam_world), view, inv(view), proj @ view, inv(proj @ view), proj,
                inv(proj), proj @ cam_world, inv(proj @ cam_world), np.eye(4, dtype=np.float32)]
        matrices = np.concatenate([m4(np.asarray(m, np.float32)) for m in mats]
                                  + [m3(np.asarray(normal_world, np.float32)), m3(np.asarray(view, np.float32)),
                                     m3(np.asarray(normal_cam, np.float32))])
        w, h = general["viewport"]
        near, far = camera["near"], camera["far"]
        gen = np.array(list(general["ambient"]) + [near, far, far - near, 1.0 / max(far - near, 1e-6)]
                       + [0.0, 0.0, 1.0 / w, 1.0 / h] + [0.0, 0.0, w, h] + [0.0] * 8, np.float32)
        caminfo = np.zeros(16, np.float32)
        caminfo[0:4] = [near, far, far - near, 1.0 / max(far - near, 1e-6)]
        for binding, data in enumerate((gen, matrices, caminfo)):
            GL.glBindBuffer(GL.GL_UNIFORM_BUFFER, self.ubos[binding])
            GL.glBufferData(GL.GL_UNIFORM_BUFFER, data.nbytes, data, GL.GL_DYNAMIC_DRAW)
            GL.glBindBufferBase(GL.GL_UNIFORM_BUFFER, binding, self.ubos[binding])

    # ---- drawing ------------------------------------------------------------------------------
    def render(self, req, payload):
        GL = self.GL
        w, h = req["width"], req["height"]
        samples = max(0, min(int(req.get("samples", 0)), int(GL.glGetIntegerv(GL.GL_MAX_SAMPLES))))
        want_float = bool(req.get("float"))
        # every program first: a compile error is the answer, nothing drawn
        programs = []
        for d in req["draws"]:
            prog, stage, log = self.program(d["vertex"], d["pixel"])
            if prog is None:
                return {"ok": False, "stage": stage, "log": log, "draw": d.get("name", "")}, b""
            programs.append(prog)
        fbo = self._target(w, h, samples, want_float)
        GL.glViewport(0, 0, w, h)
        bg = req.get("bg", [0.0, 0.0, 0.0, 0.0])
        GL.glClearColor(*bg)
        GL.glClearDepth(1.0)
        GL.glDepthMask(GL.GL_TRUE)
        GL.glClear(GL.GL_COLOR_BUFFER_BIT | GL.GL_DEPTH_BUFFER_BIT)
        GL.glEnable(GL.GL_PROGRAM_POINT_SIZE)
        GL.glBindVertexArray(self.vao)
        offset = 0
        general = {"ambient": req.get("general", {}).get("ambient", [0.0, 0.0, 0.0, 1.0]), "viewport": (w, h)}
        for d, prog in zip(req["draws"], programs):
            offset = self._draw(d, prog, req, payload, offset, general)
        GL.glBindVertexArray(0)
        GL.glDisable(GL.GL_BLEND)
        GL.glDisable(GL.GL_CULL_FACE)
        GL.glPolygonMode(GL.GL_FRONT_AND_BACK, GL.GL_FILL)
        # resolve into kept textures (colour, and depth when asked)
        tid = self.r._new_texture(w, h, want_float)
        out = GL.glGenFramebuffers(1)
        GL.glBindFramebuffer(GL.GL_DRAW_FRAMEBUFFER, out)
        GL.glFramebufferTexture2D(GL.GL_DRAW_FRAMEBUFFER, GL.GL_COLOR_ATTACHMENT0, GL.GL_TEXTURE_2D,
                                  self.r.textures[tid][0], 0)
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, fbo)
        GL.glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL.GL_COLOR_BUFFER_BIT, GL.GL_NEAREST)
        answer = {"ok": True, "tex": tid}
        if req.get("depth"):
            answer["depthtex"] = self._depth_texture(fbo, w, h, samples, req["camera"])
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, 0)
        GL.glDeleteFramebuffers(1, [out])
        return answer, b""

    def _target(self, w, h, samples, want_float):
        """The framebuffer a scene is drawn into (colour and depth renderbuffers), kept for the
        next render of the same size: allocating them costs as much as drawing."""
        GL = self.GL
        key = (w, h, samples, want_float)
        if key not in self.targets:
            if len(self.targets) > 8:
                for fbo, rbs in self.targets.values():
                    GL.glDeleteFramebuffers(1, [fbo])
                    GL.glDeleteRenderbuffers(2, rbs)
                self.targets.clear()
            color_fmt = GL.GL_RGBA32F if want_float else GL.GL_RGBA8
            fbo = GL.glGenFramebuffers(1)
            GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, fbo)
            rbs = GL.glGenRenderbuffers(2)
            for rb, fmt, attachment in ((rbs[0], color_fmt, GL.GL_COLOR_ATTACHMENT0),
                                        (rbs[1], GL.GL_DEPTH_COMPONENT32F, GL.GL_DEPTH_ATTACHMENT)):
                GL.glBindRenderbuffer(GL.GL_RENDERBUFFER, rb)
                if samples > 1:
                    GL.glRenderbufferStorageMultisample(GL.GL_RENDERBUFFER, samples, fmt, w, h)
                else:
                    GL.glRenderbufferStorage(GL.GL_RENDERBUFFER, fmt, w, h)
                GL.glFramebufferRenderbuffer(GL.GL_FRAMEBUFFER, attachment, GL.GL_RENDERBUFFER, rb)
            self.targets[key] = (fbo, list(rbs))
        fbo = self.targets[key][0]
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, fbo)
        return fbo

    def _depth_texture(self, fbo, w, h, samples, camera):
        """The depth buffer as a float texture of camera-space distances (a Depth TOP's input)."""
        np, GL = self.np, self.GL
        src = fbo
        temp = None
        if samples > 1:       # multisampled depth is resolved by a blit first
            temp = GL.glGenFramebuffers(1)
            rb = GL.glGenRenderbuffers(1)
            GL.glBindRenderbuffer(GL.GL_RENDERBUFFER, rb)
            GL.glRenderbufferStorage(GL.GL_RENDERBUFFER, GL.GL_DEPTH_COMPONENT32F, w, h)
            GL.glBindFramebuffer(GL.GL_DRAW_FRAMEBUFFER, temp)
            GL.glFramebufferRenderbuffer(GL.GL_DRAW_FRAMEBUFFER, GL.GL_DEPTH_ATTACHMENT, GL.GL_RENDERBUFFER, rb)
            GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, fbo)
            GL.glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL.GL_DEPTH_BUFFER_BIT, GL.GL_NEAREST)
            src = temp
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, src)
        raw = GL.glReadPixels(0, 0, w, h, GL.GL_DEPTH_COMPONENT, GL.GL_FLOAT, outputType=None)
        d = np.frombuffer(raw, np.float32).reshape(h, w)
        near, far = camera["near"], camera["far"]
        if camera.get("ortho"):
            z = near + d * (far - near)
        else:
            ndc = d * 2.0 - 1.0
            z = (2.0 * near * far) / np.maximum(far + near - ndc * (far - near), 1e-9)
        z = np.where(d >= 1.0, far, z).astype(np.float32)
        # red: distance from the camera along its axis; green: the depth buffer's own 0-1 value
        rgba = np.ascontiguousarray(np.stack([z, d.astype(np.float32), z, np.ones_like(z)], axis=-1), np.float32)
        tid = self.r._new_texture(w, h, True, rgba, True)
        if temp is not None:
            GL.glDeleteFramebuffers(1, [temp])
            GL.glDeleteRenderbuffers(1, [rb])
        return tid

    def _draw(self, d, prog, req, payload, offset, general):
        np, GL = self.np, self.GL
        counts = (d["tri"], d["line"], d["point"])
        nverts = sum(counts)
        verts = np.frombuffer(payload, np.float32, nverts * VERTEX_FLOATS, offset)
        offset += nverts * VERTEX_FLOATS * 4
        ninst = d["instances"]
        inst = np.frombuffer(payload, np.float32, ninst * INSTANCE_FLOATS, offset) if ninst else None
        offset += ninst * INSTANCE_FLOATS * 4
        if nverts == 0:
            return offset
        GL.glUseProgram(prog)
        self._blocks(req["camera"], d["model"], general)
        for u in d.get("uniforms", []):
            self.r._set(prog, u["name"], u["values"])
        for unit, t in enumerate(d.get("textures", [])):
            entry = self.r.textures.get(t["tex"])
            if entry is None:
                continue
            GL.glActiveTexture(GL.GL_TEXTURE0 + unit)
            GL.glBindTexture(GL.GL_TEXTURE_2D, entry[0])
            self.r._filter(GL.GL_TEXTURE_2D, t.get("extend", "repeat"), t.get("filter", "linear"))
            self.r._set(prog, t["name"], unit)
        GL.glBindBuffer(GL.GL_ARRAY_BUFFER, self.vbo)
        GL.glBufferData(GL.GL_ARRAY_BUFFER, verts.nbytes, verts, GL.GL_STREAM_DRAW)
        stride = VERTEX_FLOATS * 4
        for loc, size, start in ((0, 3, 0), (1, 3, 3), (3, 3, 6), (2, 4, 9)):
            GL.glEnableVertexAttribArray(loc)
            GL.glVertexAttribPointer(loc, size, GL.GL_FLOAT, GL.GL_FALSE, stride, ctypes.c_void_p(start * 4))
            GL.glVertexAttribDivisor(loc, 0)
        if inst is not None:
            GL.glBindBuffer(GL.GL_ARRAY_BUFFER, self.ibo)
            GL.glBufferData(GL.GL_ARRAY_BUFFER, inst.nbytes, inst, GL.GL_STREAM_DRAW)
            istride = INSTANCE_FLOATS * 4
            for loc, size, start in ((11, 3, 0), (12, 3, 3), (13, 3, 6), (14, 4, 9), (15, 3, 13)):
                GL.glEnableVertexAttribArray(loc)
                GL.glVertexAttribPointer(loc, size, GL.GL_FLOAT, GL.GL_FALSE, istride, ctypes.c_void_p(start * 4))
                GL.glVertexAttribDivisor(loc, 1)
        else:
            for loc, value in ((11, (0.0, 0.0, 0.0, 0.0)), (12, (0.0, 0.0, 0.0, 0.0)), (13, (1.0, 1.0, 1.0, 0.0)),
                               (14, (1.0, 1.0, 1.0, 1.0)), (15, (0.0, 0.0, 0.0, 0.0))):
                GL.glDisableVertexAttribArray(loc)
                GL.glVertexAttrib4f(loc, *value)
        # state from the MAT's Common page
        if d.get("blend"):
            src, dst, op = d["blend"]
            GL.glEnable(GL.GL_BLEND)
            GL.glBlendFunc(getattr(GL, BLEND.get(src, "GL_ONE")), getattr(GL, BLEND.get(dst, "GL_ZERO")))
            GL.glBlendEquation(getattr(GL, BLEND_OPS.get(op, "GL_FUNC_ADD")))
        else:
            GL.glDisable(GL.GL_BLEND)
        if d.get("depthtest", True):
            GL.glEnable(GL.GL_DEPTH_TEST)
            GL.glDepthFunc(getattr(GL, DEPTH_FUNCS.get(d.get("depthfunc", "lessorequal"), "GL_LEQUAL")))
        else:
            GL.glDisable(GL.GL_DEPTH_TEST)
        GL.glDepthMask(GL.GL_TRUE if d.get("depthwrite", True) else GL.GL_FALSE)
        cull = d.get("cull", "neither")
        if cull in ("backfaces", "frontfaces", "bothfaces"):
            GL.glEnable(GL.GL_CULL_FACE)
            GL.glCullFace({"backfaces": GL.GL_BACK, "frontfaces": GL.GL_FRONT, "bothfaces": GL.GL_FRONT_AND_BACK}[cull])
        else:
            GL.glDisable(GL.GL_CULL_FACE)
        GL.glPolygonMode(GL.GL_FRONT_AND_BACK, GL.GL_LINE if d.get("wire") else GL.GL_FILL)
        try:
            GL.glLineWidth(max(1.0, float(d.get("linewidth", 1.0))))
        except Exception:      # wide lines are optional in a core profile
            GL.glLineWidth(1.0)
        first = 0
        for mode, n in zip((GL.GL_TRIANGLES, GL.GL_LINES, GL.GL_POINTS), counts):
            if n:
                if inst is not None:
                    GL.glDrawArraysInstanced(mode, first, n, ninst)
                else:
                    GL.glDrawArrays(mode, first, n)
            first += n
        return offset
