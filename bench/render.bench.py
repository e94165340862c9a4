#!/usr/bin/env python3
"""3D and TOP rendering in tdsim (Mesa's llvmpipe through OSMesa in the renderer process, 2 cores):
a 1280x720 Render TOP frame of 10,000 instanced boxes from a CHOP, and the demo's feedback tunnel
(examples/feedback-tunnel.svcnet, 1280x720) run 60 frames, its pixels then read, each as a ratio to a bare
OSMesa clear of the same size measured in the same run (a Render TOP with nothing to draw), so the
machine's load falls on both alike. Needs libosmesa6, python3-opengl and python3-numpy.

usage: python3 bench/render.bench.py [--runs N]
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bridge", "sim"))

import td  # noqa: E402
import tdsim  # noqa: E402
from tdsim.families.top import glsl  # noqa: E402
from tdsim.families.top.render import Render  # noqa: E402

RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
W, H = 1280, 720


def render_top(project, name):
    r = project.create(td.renderTOP, name)
    r.par.outputresolution = "custom"
    r.par.resolutionw, r.par.resolutionh = W, H
    return r


def timed(fn):
    fn()                                    # compile and warm up outside the timing
    times = []
    for _ in range(RUNS):
        tdsim.step(1)
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def frame(top):
    """One cook of the TOP and its pixels read back from the renderer (a preview's work before the
    PNG is encoded)."""
    def run():
        pic = Render().picture(top)
        return len(pic.data)
    return run


def instanced_scene(project):
    geo = project.create(td.geometryCOMP, "boxes")
    for child in list(geo.children):
        child.destroy()
    box = geo.create(td.boxSOP, "box1")
    box.render = True
    box.par.sizex = box.par.sizey = box.par.sizez = 0.05
    chop = project.create(td.constantCHOP, "places")
    n = 10_000
    tdsim.inject_channels(chop, {"tx": [((i % 100) - 50) / 20 for i in range(n)],
                                 "ty": [((i // 100) - 50) / 20 for i in range(n)],
                                 "r": [(i % 100) / 100 for i in range(n)], "g": [(i // 100) / 100 for i in range(n)]})
    geo.par.instancing = True
    geo.par.instanceop = chop
    geo.par.instancetx, geo.par.instancety = "tx", "ty"
    geo.par.instancer, geo.par.instanceg = "r", "g"
    geo.par.material = project.create(td.phongMAT, "phong1")
    project.create(td.lightCOMP, "light1")
    cam = project.create(td.cameraCOMP, "cam1")
    r = render_top(project, "instanced")
    r.par.camera = cam
    r.par.geometry = geo
    return r


def tunnel(project):
    """The demo's network (examples/feedback-tunnel.svcnet), built directly."""
    def make(kind, name, **pars):
        op = project.create(kind, name)
        for k, v in pars.items():
            setattr(op.par, k, v)
        return op
    noise = make(td.noiseTOP, "noise1", amp=1.5, aspectcorrect=True, offset=-0.6, period=0.3,
                 outputresolution="custom", resolutionw=W, resolutionh=H, type="simplex4d")
    noise.par.t4d.expr = "absTime.seconds * 0.3"
    comp = make(td.compositeTOP, "comp1", operand="maximum")
    fb = make(td.feedbackTOP, "feedback1")
    level = make(td.levelTOP, "level1", brightness1=0.9)
    xf = make(td.transformTOP, "transform1", extend="zero", rotate=0.6, sx=1.02, sy=1.02)
    out = make(td.nullTOP, "out1")
    fb.par.top = level
    comp.inputConnectors[0].connect(noise)
    comp.inputConnectors[1].connect(fb)
    fb.inputConnectors[0].connect(noise)
    xf.inputConnectors[0].connect(comp)
    level.inputConnectors[0].connect(xf)
    out.inputConnectors[0].connect(level)
    return out


def main():
    reason = glsl.unavailable()
    if reason:
        print(f"render bench: skipped, {reason}")
        return 1
    tdsim.reset()
    project = td.op("/project1")
    empty = render_top(project, "empty")
    empty.par.geometry = "nothing"          # names no Geometry COMP: only the clear
    base = timed(frame(empty))
    scene = instanced_scene(project)
    inst = timed(frame(scene))
    out = tunnel(project)
    out.cook(force=True)
    demo = []
    for _ in range(max(1, RUNS // 3)):
        start = time.perf_counter()
        for _f in range(60):
            tdsim.step(1)
            out.cook(force=True)
        frame(out)()
        demo.append((time.perf_counter() - start) * 1000.0)
    demo_ms = statistics.median(demo)
    print(f"Render frames, median of {RUNS}, load average {os.getloadavg()[0]:.1f}")
    print("| measure | ms | x bare clear | frames a second |\n|---|---|---|---|")
    print(f"| bare OSMesa clear, 1280x720 Render TOP with nothing to draw (baseline) | {base:.1f} | 1.00 | {1000 / base:.1f} |")
    print(f"| 10,000 instanced boxes from a CHOP, Phong MAT, 1280x720 | {inst:.1f} | {inst / base:.2f} | {1000 / inst:.1f} |")
    per = demo_ms / 60
    print(f"| the demo's feedback tunnel, 60 frames then its pixels, 1280x720 (per frame) | {per:.1f} | {per / base:.2f} | {1000 / per:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
