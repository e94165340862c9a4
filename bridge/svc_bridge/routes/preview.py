"""GET /api/preview/{path}: a TOP as a base64 PNG. POST /api/cook/{path}: cook a TOP now.

A TOP cooks when something asks for its image; a feedback loop moves on one frame per cook. A
client that wants the picture after N frames cooks the TOP once on each of N - 1 frames (one
request per frame: requests are answered between frames), then asks for the preview.

`size` (default 256, at most 1024) is advisory: the bridge returns the TOP's own image and
reports whether it fits. Scaling would need a helper TOP inside the project, and a preview
must not change the project; the client scales for display. Encoding runs on the main thread
and grows with the pixels, so a TOP of more than PREVIEW_MAX_PIXELS (4096x4096 is four times
that) is refused from its resolution, before any pixel is read.
"""

import base64

from .. import config
from ..body import query_int
from ..errors import BridgeError
from ..live import require_top


def preview(ctx):
    top = require_top(ctx.params["path"])
    size = query_int(ctx.query, "size", config.PREVIEW_DEFAULT_SIZE, 1, config.PREVIEW_MAX_SIZE)
    width, height = int(top.width), int(top.height)
    if width * height > config.PREVIEW_MAX_PIXELS:
        raise BridgeError("preview_too_large",
                          "%s is %dx%d; a preview encodes at most %d pixels (2048x2048) on TouchDesigner's main "
                          "thread: preview a smaller TOP after it (a Fit or Resolution TOP)"
                          % (top.path, width, height, config.PREVIEW_MAX_PIXELS),
                          path=top.path, width=width, height=height, limit_pixels=config.PREVIEW_MAX_PIXELS)
    try:
        png = top.saveByteArray(".png")
    except Exception as exc:
        raise BridgeError("operation_failed", "cannot read the image of %s: %s" % (top.path, exc), path=top.path)
    png = bytes(png)
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        raise BridgeError("operation_failed", "the image of %s is not a PNG" % top.path, path=top.path)
    return {
        "path": top.path,
        "format": "png",
        "width": width,
        "height": height,
        "size_advisory": size,
        "fits": max(width, height) <= size,
        "bytes": len(png),
        "png_base64": base64.b64encode(png).decode("ascii"),
    }


def cook(ctx):
    top = require_top(ctx.params["path"])
    try:
        top.cook(force=True)
    except Exception as exc:
        raise BridgeError("operation_failed", "cannot cook %s: %s" % (top.path, exc), path=top.path)
    return {"path": top.path, "cookFrame": int(top.cookFrame)}


def register(router):
    router.add("GET", "/api/preview/{path:path}", preview)
    router.add("POST", "/api/cook/{path:path}", cook)
