"""Pictures tdsim's renderer process (glsl_worker.py) makes with maintained libraries rather than
shaders: text set in real fonts (FreeType through Pillow, the font found by fontconfig's
`fc-match`), image files decoded by Pillow, SVG drawn by CairoSVG. Each becomes a kept texture
that shaders then read. Pillow (Debian's python3-pil) and CairoSVG (python3-cairosvg) are optional:
without them the request answers which package is missing.

Requests (after glsl_worker's protocol):
  -> {"op": "raster", "kind": "text", "width", "height", "lines": [str], "font": str, "fontfile": str,
      "bold", "italic", "size": [x px, y px], "align": [h, v], "position": [x, y] px, "linespacing": px,
      "tracking": px, "wrap": bool, "autosize": "nofit" | "alwaysfit" | "fitiffat", "border": [x, y] px}
         <- {"ok": true, "tex": id, "font": the file used, "textwidth", "textheight"}
            coverage in red, 0-1 (the glyphs' anti-aliased ink), rows from the bottom as GL's
  -> {"op": "raster", "kind": "image", "path": str}   <- {"ok": true, "tex": id, "width", "height"}
            the file's pixels as RGBA (straight alpha), first frame of a multi-frame file
  -> {"op": "raster", "kind": "svg", "width", "height", "path": str | "text": str}
            <- {"ok": true, "tex": id}   the drawing fitted into width x height, RGBA pre-multiplied
  -> {"op": "raster", "kind": "spectrum", "tex": id, "mode": "dft" | "idft", "coord": "polar" | "cartesian",
      "chan": 0-3, "rows": bool}   <- {"ok": true, "tex": id}   numpy's FFT of a kept texture, 32-bit float
  -> {"op": "raster", "kind": "web", "width", "height", "url": str | "html": str, "transparent": bool}
            <- {"ok": true, "tex": id}   the page as headless Chromium draws it (a screenshot), RGBA
  -> {"op": "raster", "kind": "blobs", "tex": id, "channel": 0-6, "threshold": t, "minsize": a, "maxsize": a}
            <- {"ok": true, "blobs": [[x0, y0, x1, y1, area], ...]}   4-connected regions brighter than
            the threshold (pixels, y up), largest first, areas as fractions of the image
A file that cannot be read answers {"ok": false, "stage": "file", "log": why}.
"""

import io
import os
import shutil
import subprocess
import tempfile

_FONT_FILES = {}


def _modules():
    """Pillow, imported here because it is optional (the renderer runs shaders without it)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    return Image, ImageDraw, ImageFont


def font_file(name, bold, italic):
    """The font file fontconfig gives for a family name and style (TouchDesigner's menu names
    Windows fonts; fontconfig answers the closest installed one, e.g. DejaVu Sans for Verdana)."""
    key = (name, bold, italic)
    if key not in _FONT_FILES:
        pattern = (name or "sans-serif") + (":bold" if bold else "") + (":italic" if italic else "")
        try:
            found = subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True,
                                   timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            found = ""
        _FONT_FILES[key] = found
    return _FONT_FILES[key]


def _has(module):
    try:
        __import__(module)
    except ImportError:
        return False
    return True


class Raster:
    def __init__(self, renderer):
        self.r = renderer
        self.np = renderer.np

    @staticmethod
    def available():
        """Which optional libraries this process has: Pillow (text, image files, web pages), CairoSVG,
        fontconfig's fc-match and Chromium."""
        return {"pillow": _modules() is not None, "cairosvg": _has("cairosvg"),
                "fontconfig": shutil.which("fc-match") is not None,
                "chromium": any(shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome"))}

    def render(self, req, payload):
        if req.get("kind") == "spectrum":
            return self.spectrum(req)
        if req.get("kind") == "blobs":
            return self.blobs(req)
        mods = _modules()
        if mods is None:
            return {"ok": False, "stage": "file",
                    "log": "tdsim's renderer has no Pillow (install Debian's python3-pil)"}, b""
        kind = req.get("kind")
        if kind == "text":
            return self.text(req, mods)
        if kind == "image":
            return self.image(req, mods)
        if kind == "svg":
            return self.svg(req, mods)
        if kind == "web":
            return self.web(req, mods)
        raise ValueError("unknown raster kind %r" % kind)

    def _keep(self, pixels, w, h, is_float=False):
        """A kept texture from rows-from-the-top pixels (GL's rows start at the bottom)."""
        np = self.np
        flipped = np.ascontiguousarray(pixels[::-1])
        return self.r._new_texture(w, h, is_float, flipped, is_float)

    # ---- text ---------------------------------------------------------------------------------
    def text(self, req, mods):
        Image, ImageDraw, ImageFont = mods
        np = self.np
        w, h = int(req["width"]), int(req["height"])
        path = req.get("fontfile") or font_file(req.get("font"), req.get("bold"), req.get("italic"))
        size_x, size_y = (float(v) for v in req["size"])
        try:
            font = ImageFont.truetype(path, max(1, int(round(size_y))))
        except OSError as exc:
            return {"ok": False, "stage": "file", "log": "cannot read the font %r: %s" % (path, exc)}, b""
        lines = list(req.get("lines") or [""])
        if req.get("wrap"):
            lines = self._wrap(lines, font, w, float(req.get("tracking", 0.0)))
        spacing = float(req.get("linespacing", 0.0))
        tracking = float(req.get("tracking", 0.0))
        block_w, block_h, metrics = self._measure(font, lines, spacing, tracking)
        autosize = req.get("autosize", "nofit")
        bx, by = (float(v) for v in req.get("border", (0.0, 0.0)))
        room_w, room_h = max(1.0, w - 2 * bx), max(1.0, h - 2 * by)
        too_big = block_w > room_w or block_h > room_h
        if block_w > 0 and (autosize == "alwaysfit" or (autosize == "fitiffat" and too_big)):
            factor = min(room_w / block_w, room_h / block_h)
            font = ImageFont.truetype(path, max(1, int(round(size_y * factor))))
            block_w, block_h, metrics = self._measure(font, lines, spacing * factor, tracking * factor)
            spacing, tracking = spacing * factor, tracking * factor
        stretch = size_x / size_y if size_y > 0 else 1.0
        canvas_w = max(1, int(round(w / stretch))) if abs(stretch - 1.0) > 1e-3 else w
        mask = Image.new("L", (canvas_w, h), 0)
        draw = ImageDraw.Draw(mask)
        ah, av = req.get("align", ("center", "center"))
        px, py = (float(v) for v in req.get("position", (0.0, 0.0)))
        px /= stretch
        ascent, descent = font.getmetrics()
        line_h = ascent + descent + spacing
        top = {"top": 0.0, "center": (h - block_h) / 2.0, "bottom": h - block_h}.get(av, (h - block_h) / 2.0) - py
        for i, (line, lw) in enumerate(zip(lines, metrics)):
            x = {"left": 0.0, "center": (canvas_w - lw) / 2.0, "right": canvas_w - lw}.get(ah, 0.0) + px
            y = top + i * line_h
            if tracking:
                for ch in line:
                    draw.text((x, y), ch, fill=255, font=font)
                    x += font.getlength(ch) + tracking
            else:
                draw.text((x, y), line, fill=255, font=font)
        if canvas_w != w:
            mask = mask.resize((w, h), Image.BILINEAR)
        cover = np.asarray(mask, np.float32) / 255.0
        pixels = np.zeros((h, w, 4), np.float32)
        pixels[..., 0] = cover
        pixels[..., 3] = 1.0
        tid = self._keep(pixels, w, h, True)
        return {"ok": True, "tex": tid, "font": path, "textwidth": block_w * stretch, "textheight": block_h}, b""

    @staticmethod
    def _line_width(font, line, tracking):
        return font.getlength(line) + tracking * max(0, len(line) - 1) if line else 0.0

    def _measure(self, font, lines, spacing, tracking):
        ascent, descent = font.getmetrics()
        widths = [self._line_width(font, line, tracking) for line in lines]
        height = len(lines) * (ascent + descent) + max(0, len(lines) - 1) * spacing
        return (max(widths) if widths else 0.0), float(height), widths

    def _wrap(self, lines, font, width, tracking):
        out = []
        for line in lines:
            words, current = line.split(" "), ""
            for word in words:
                trial = word if not current else current + " " + word
                if current and self._line_width(font, trial, tracking) > width:
                    out.append(current)
                    current = word
                else:
                    current = trial
            out.append(current)
        return out

    # ---- files --------------------------------------------------------------------------------
    def image(self, req, mods):
        Image = mods[0]
        np = self.np
        try:
            with Image.open(req["path"]) as img:
                img.seek(0)
                floaty = img.mode in ("F", "I", "I;16", "I;16B", "I;16L")
                if floaty:
                    scale = 65535.0 if img.mode.startswith("I;16") else (1.0 if img.mode == "F" else 65535.0)
                    grey = np.asarray(img, np.float32) / scale
                    pixels = np.dstack([grey, grey, grey, np.ones_like(grey)]).astype(np.float32)
                else:
                    pixels = np.asarray(img.convert("RGBA"), np.uint8)
        except (OSError, ValueError, SyntaxError) as exc:
            return {"ok": False, "stage": "file", "log": "%s" % exc}, b""
        h, w = pixels.shape[:2]
        tid = self._keep(pixels, w, h, floaty)
        return {"ok": True, "tex": tid, "width": w, "height": h, "float": floaty}, b""

    def svg(self, req, mods):
        Image = mods[0]
        np = self.np
        try:
            import cairosvg      # optional, like Pillow: only SVG TOPs need it
        except ImportError:
            return {"ok": False, "stage": "file",
                    "log": "tdsim's renderer has no CairoSVG (install Debian's python3-cairosvg)"}, b""
        w, h = int(req["width"]), int(req["height"])
        try:
            if req.get("path"):
                png = cairosvg.svg2png(url=req["path"], output_width=w, output_height=h)
            else:
                png = cairosvg.svg2png(bytestring=req.get("text", "").encode("utf-8"), output_width=w,
                                       output_height=h)
            with Image.open(io.BytesIO(png)) as img:
                pixels = np.asarray(img.convert("RGBA"), np.float32) / 255.0
        except Exception as exc:      # CairoSVG raises many kinds for a bad drawing
            return {"ok": False, "stage": "file", "log": "%s: %s" % (type(exc).__name__, exc)}, b""
        if pixels.shape[:2] != (h, w):
            return {"ok": False, "stage": "file", "log": "the drawing came back at another size"}, b""
        pixels[..., :3] *= pixels[..., 3:4]        # pre-multiplied, as TOPs keep colour
        tid = self._keep(pixels.astype(np.float32), w, h, True)
        return {"ok": True, "tex": tid}, b""


    # ---- spectrum -----------------------------------------------------------------------------
    def spectrum(self, req):
        """The discrete Fourier transform of one channel (numpy.fft, unnormalized forward and 1/N
        inverse, as numpy defines them), over the whole image or row by row, with the origin at the
        bottom-left pixel (GL's first row)."""
        np = self.np
        tid = req["tex"]
        _tex, w, h, _f = self.r.textures[tid]
        raw = self.r._read(tid, True)
        floats = np.frombuffer(raw[w * h * 4:], np.float32).reshape(h, w, 4)[::-1]   # bottom row first
        axes = (1,) if req.get("rows") else (0, 1)
        out = np.zeros((h, w, 4), np.float32)
        out[..., 3] = 1.0
        if req.get("mode") == "idft":
            a, b = floats[..., 0].astype(np.float64), floats[..., 1].astype(np.float64)
            z = a * np.exp(1j * b) if req.get("coord") == "polar" else a + 1j * b
            value = np.fft.ifftn(z, axes=axes).real
            out[..., 0] = out[..., 1] = out[..., 2] = value
        else:
            z = np.fft.fftn(floats[..., int(req.get("chan", 0))].astype(np.float64), axes=axes)
            if req.get("coord") == "polar":
                out[..., 0], out[..., 1] = np.abs(z), np.angle(z)
            else:
                out[..., 0], out[..., 1] = z.real, z.imag
        new = self._keep(out[::-1], w, h, True)
        return {"ok": True, "tex": new}, b""


    # ---- web pages ----------------------------------------------------------------------------
    def web(self, req, mods):
        """A web page drawn by headless Chromium at width x height (its screenshot), read by
        Pillow. Chromium runs with a bounded time (WEB_TIMEOUT seconds)."""
        Image = mods[0]
        np = self.np
        browser = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
        if browser is None:
            return {"ok": False, "stage": "file", "log": "no Chromium here to draw web pages (install Debian's chromium)"}, b""
        w, h = int(req["width"]), int(req["height"])
        with tempfile.TemporaryDirectory() as folder:
            url = req.get("url") or ""
            if req.get("html") is not None:
                page = os.path.join(folder, "page.html")
                with open(page, "w", encoding="utf-8") as f:
                    f.write(req["html"])
                url = "file://" + page
            elif url and "://" not in url:
                url = "file://" + os.path.abspath(url)
            shot = os.path.join(folder, "shot.png")
            args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--user-data-dir=" + os.path.join(folder, "profile"), "--window-size=%d,%d" % (w, h),
                    "--screenshot=" + shot, url]
            if req.get("transparent"):
                args.insert(-1, "--default-background-color=00000000")
            try:
                subprocess.run(args, capture_output=True, timeout=WEB_TIMEOUT, check=False)
            except subprocess.TimeoutExpired:
                return {"ok": False, "stage": "file", "log": "Chromium took longer than %d s to draw %s" % (WEB_TIMEOUT, url)}, b""
            if not os.path.isfile(shot):
                return {"ok": False, "stage": "file", "log": "Chromium drew nothing for %s" % url}, b""
            with Image.open(shot) as img:
                pixels = np.asarray(img.convert("RGBA").resize((w, h)), np.float32) / 255.0
        pixels[..., :3] *= pixels[..., 3:4]
        tid = self._keep(pixels, w, h, True)
        return {"ok": True, "tex": tid}, b""

    # ---- blobs ----------------------------------------------------------------------------------
    def blobs(self, req):
        """The 4-connected regions of a kept texture whose mono value (luminance, a channel or an
        average) is above the threshold: labels spread to the smallest neighbour until stable."""
        np = self.np
        tid = req["tex"]
        _tex, w, h, _f = self.r.textures[tid]
        raw = self.r._read(tid, True)
        c = np.frombuffer(raw[w * h * 4:], np.float32).reshape(h, w, 4)[::-1]     # bottom row first
        which = int(req.get("channel", 0))
        mono = [c[..., :3] @ np.array([0.2126, 0.7152, 0.0722], np.float32), c[..., 0], c[..., 1], c[..., 2],
                c[..., 3], c[..., :3].mean(axis=2), c.mean(axis=2)][which]
        mask = mono > float(req.get("threshold", 0.5))
        big = h * w + 1
        labels = np.where(mask, np.arange(h * w).reshape(h, w), big)
        while True:
            m = labels.copy()
            m[1:, :] = np.minimum(m[1:, :], labels[:-1, :])
            m[:-1, :] = np.minimum(m[:-1, :], labels[1:, :])
            m[:, 1:] = np.minimum(m[:, 1:], labels[:, :-1])
            m[:, :-1] = np.minimum(m[:, :-1], labels[:, 1:])
            m = np.where(mask, m, big)
            if np.array_equal(m, labels):
                break
            labels = m
        found = []
        for label in np.unique(labels[mask]):
            ys, xs = np.nonzero(labels == label)
            area = len(xs) / float(w * h)
            if area < float(req.get("minsize", 0.0)) or area > float(req.get("maxsize", 1.0)):
                continue
            found.append([int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1, area])
        found.sort(key=lambda b: -b[4])
        return {"ok": True, "blobs": found}, b""


WEB_TIMEOUT = 60
