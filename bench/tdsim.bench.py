#!/usr/bin/env python3
"""tdsim: what the emulation itself costs on the main thread (so its own work is not mistaken
for the bridge's dropped frames): operator creation, expression evaluation, errors(), previews
(generators, filters, the svc demo network), and an HTTP round trip through the host.

usage: python3 bench/tdsim.bench.py [--runs N]
"""

import http.client
import os
import statistics
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bridge", "sim"))

import td  # noqa: E402
import tdsim  # noqa: E402
from tdsim.host.host import Host  # noqa: E402

RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5


def timed(fn, repeat=1):
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000.0 / repeat


def hd(top):
    top.par.outputresolution = "custom"
    top.par.resolutionw, top.par.resolutionh = 1280, 720
    return top


def feedback_tunnel(p):
    """examples/feedback-tunnel.svcnet: noise added to last frame, turned, zoomed and faded."""
    noise = hd(p.create("noiseTOP"))
    noise.par.period = 1.5
    noise.par.t4d.expr = "absTime.seconds * 0.3"
    feedback = p.create("feedbackTOP")
    comp = p.create("compositeTOP")
    comp.par.operand = "add"
    transform = p.create("transformTOP")
    transform.par.extend, transform.par.rotate, transform.par.sx, transform.par.sy = "zero", 0.6, 1.02, 1.02
    level = p.create("levelTOP")
    level.par.brightness1 = 0.94
    out = p.create("nullTOP")
    feedback.par.top = level
    feedback.inputConnectors[0].connect(noise)
    comp.inputConnectors[0].connect(noise)
    comp.inputConnectors[1].connect(feedback)
    transform.inputConnectors[0].connect(comp)
    level.inputConnectors[0].connect(transform)
    out.inputConnectors[0].connect(level)
    return out


CHAIN_CACHED = "width and height of every TOP of a 60-TOP chain that follows its input"
CHAIN_UNCACHED = "the same, forgetting derived values before each TOP (baseline: no cache)"
ERRORS_CACHED = "errors() of 200 operators with two expressions each, twice in one frame"
ERRORS_UNCACHED = "the same, forgetting derived values before each operator (baseline: no cache)"


def resolution_chain(p, length):
    """A generator and `length - 1` TOPs that take its resolution through their inputs."""
    previous = hd(p.create("noiseTOP"))
    tops = [previous]
    for _ in range(length - 1):
        t = p.create("levelTOP")
        t.inputConnectors[0].connect(previous)
        tops.append(t)
        previous = t
    return tops


def one_run():
    tdsim.reset()
    p = td.op("/project1")
    out = {}
    out["create noiseTOP"] = timed(lambda: p.create("noiseTOP"), 200)
    out["create containerCOMP (120 parameters)"] = timed(lambda: p.create("containerCOMP"), 100)
    n = p.create("noiseTOP", "probe1")
    n.par.seed.expr = "absTime.frame * 2 + me.digits"
    out["eval of an expression"] = timed(n.par.seed.eval, 2000)
    out["errors() of one operator"] = timed(n.errors, 500)
    noise = hd(p.create("noiseTOP"))
    noise.par.amp, noise.par.offset, noise.par.alpha = 0.5, 0.5, "one"
    const = hd(p.create("constantTOP"))
    const.par.colorr, const.par.alpha = 1, 0.5
    over = p.create("overTOP")
    over.inputConnectors[0].connect(const)
    over.inputConnectors[1].connect(noise)
    out["PNG constant 1280x720"] = timed(lambda: const.saveByteArray(".png"), 3)
    out["PNG noise 1280x720"] = timed(lambda: noise.saveByteArray(".png"), 3)
    out["PNG over(constant, noise) 1280x720"] = timed(lambda: over.saveByteArray(".png"), 3)
    out["PNG over(...) preview, max 256"] = timed(lambda: tdsim.render_png(over, 256), 3)
    turned = p.create("transformTOP")
    turned.inputConnectors[0].connect(noise)
    turned.par.rotate, turned.par.sx, turned.par.sy, turned.par.extend = 30, 1.5, 1.5, "mirror"
    out["PNG transform(noise) rotated and zoomed, 1280x720"] = timed(lambda: turned.saveByteArray(".png"), 3)
    blurred = p.create("blurTOP")
    blurred.inputConnectors[0].connect(noise)
    blurred.par.size = 10
    out["PNG blur(noise), size 10, 1280x720"] = timed(lambda: blurred.saveByteArray(".png"), 3)
    tunnel = feedback_tunnel(p)
    out["PNG feedback tunnel (the svc demo network), 1280x720"] = timed(lambda: tunnel.saveByteArray(".png"), 3)
    shapes = hd(p.create("textTOP"))
    shapes.par.text, shapes.par.fontsizex = "tdsim", 120
    shapes.par.compoverinput, shapes.par.operand = True, "over"
    disc = p.create("circleTOP")
    disc.inputConnectors[0].connect(noise)
    disc.par.compoverinput, disc.par.operand = True, "over"
    shapes.inputConnectors[0].connect(disc)
    out["PNG text over circle over noise, 1280x720"] = timed(lambda: shapes.saveByteArray(".png"), 3)
    chain = resolution_chain(p, 60)
    derived = tdsim.world().derived

    def read_all(forget):
        derived.changed()  # each read starts a fresh network state, as after an edit
        for t in chain:
            if forget:
                derived.changed()
            t.width, t.height
    out[CHAIN_CACHED] = timed(lambda: read_all(False), 5)
    out[CHAIN_UNCACHED] = timed(lambda: read_all(True), 5)

    sweep = p.create("baseCOMP", "sweep")
    for i in range(200):
        node = sweep.create("noiseTOP")
        node.par.seed.expr = "absTime.frame + %d" % i
        node.par.amp.expr = "me.digits * 0.01"

    def errors_twice(forget):
        derived.changed()
        for _ in range(2):  # an errors route then the event sweep, in the same frame
            for node in sweep.children:
                if forget:
                    derived.changed()
                node.errors()
    out[ERRORS_CACHED] = timed(lambda: errors_twice(False), 5)
    out[ERRORS_UNCACHED] = timed(lambda: errors_twice(True), 5)

    host = Host(port=0, w=tdsim.world())
    host.start()
    loop = threading.Thread(target=tdsim.world().loop.run_forever, daemon=True)
    loop.start()
    conn = http.client.HTTPConnection("127.0.0.1", host.port, timeout=30)

    def get():
        conn.request("GET", "/x")
        conn.getresponse().read()
    get()
    out["HTTP round trip (waits for the next frame)"] = timed(get, 30)
    conn.close()
    tdsim.world().loop.stop()
    loop.join()
    host.stop()
    return out


def main():
    runs = [one_run() for _ in range(RUNS)]
    print(f"| measure | median ms ({RUNS} runs) |")
    print("|---|---|")
    for key in runs[0]:
        print(f"| {key} | {statistics.median(r[key] for r in runs):.3f} |")
    ratio = statistics.median(r[CHAIN_CACHED] / r[CHAIN_UNCACHED] for r in runs)
    print(f"\nresolution reads with the per-frame cache: {ratio:.3f}x the baseline; load average {os.getloadavg()[0]:.1f}")
    ratio = statistics.median(r[ERRORS_CACHED] / r[ERRORS_UNCACHED] for r in runs)
    print(f"errors() reads with the per-frame cache: {ratio:.3f}x the baseline; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
