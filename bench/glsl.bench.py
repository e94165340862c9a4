#!/usr/bin/env python3
"""GLSL in tdsim: what one 1280x720 shader frame costs on 2 cores (Mesa's llvmpipe in the renderer
process, pixels read back to tdsim), as a ratio to a trivial shader at the same size measured in
the same run (so the fixed cost of the frame and its transfer is the baseline), and a preview
frame at tdsim's working size. Needs libosmesa6, python3-opengl and python3-numpy.

usage: python3 bench/glsl.bench.py [--runs N]
"""

import os
import re
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bridge", "sim"))

from tdsim.families.top import glsl, glsltop  # noqa: E402

RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
TRIVIAL = "out vec4 fragColor;\nvoid main() { fragColor = TDOutputSwizzle(vec4(vUV.st, 0.0, 1.0)); }\n"


def recipe_shader(path, dat):
    """The text block of DAT `dat` in a recipe file, its indentation removed."""
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    block = re.search(dat + r": textDAT \{\n\s+text: ```glsl\n(.*?)\n(\s*)```", text, re.S)
    indent = len(block.group(2))
    return "\n".join(line[indent:] for line in block.group(1).split("\n")) + "\n"


def source(shader):
    return f"#version 460\n#define TD_PIXEL_SHADER\n#define TD_NUM_2D_INPUTS 0\n{glsltop.environment()}\n#line 1 1\n{shader}"


def frame_ms(shader, w, h, uniforms):
    src = source(shader)
    glsl.render(src, w, h, [], uniforms)            # compile once, outside the timing
    times = []
    for i in range(RUNS):
        u = [dict(x, values=[x["values"][0] + i * 0.1] + x["values"][1:]) for x in uniforms]
        start = time.perf_counter()
        glsl.render(src, w, h, [], u)
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def main():
    reason = glsl.unavailable()
    if reason:
        print(f"glsl bench: skipped, {reason}")
        return 1
    bands = recipe_shader("recipes/glsl/glsl_basic.svcnet", "pixel1")
    tunnel = recipe_shader("recipes/glsl/raymarch_tunnel.svcnet", "tunnel_shader")
    band_uniforms = [{"name": n, "values": [1.0, 3.0, 1.0, 1.0]} for n in re.findall(r"uniform \w+ (\w+);", bands)]
    tunnel_uniforms = [{"name": n, "values": [1.0, 1.0, 1.0, 1.0]} for n in re.findall(r"uniform \w+ (\w+);", tunnel)]
    rows = [("trivial shader (baseline)", TRIVIAL, 1280, 720, [])]
    rows.append(("glsl_basic (colour bands)", bands, 1280, 720, band_uniforms))
    rows.append(("raymarch_tunnel", tunnel, 1280, 720, tunnel_uniforms))
    rows.append(("raymarch_tunnel at the preview working size (440x248)", tunnel, 440, 248, tunnel_uniforms))
    base = None
    print(f"GLSL frames, median of {RUNS}, load average {os.getloadavg()[0]:.1f}")
    print("| shader | size | ms | x baseline |\n|---|---|---|---|")
    for name, shader, w, h, uniforms in rows:
        ms = frame_ms(shader, w, h, uniforms)
        base = base or ms
        print(f"| {name} | {w}x{h} | {ms:.1f} | {ms / base:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
