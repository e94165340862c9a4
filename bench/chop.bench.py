#!/usr/bin/env python3
"""tdsim's CHOP cook per frame: the frame time of a network of 200 CHOPs as a ratio to one of 20,
built alike (chains of LFO -> Lag -> Filter -> Speed -> Math -> Trigger -> Count -> Limit -> Null ->
Timer... ten CHOPs a chain, half of them keeping state), each run on a fresh tdsim with a frame clock
that only moves when told, so every step is one frame. Also one audio chain (Audio File In -> Audio
Spectrum -> Analyze -> Lag -> Math, read every frame) against nothing but the empty project.

usage: python3 bench/chop.bench.py [--runs N] [--frames N]
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bridge", "sim"))

import td  # noqa: E402
import tdsim  # noqa: E402
from tdsim.process.frameloop import FrameLoop  # noqa: E402

RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
FRAMES = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 120
CHAIN = ("lfoCHOP", "lagCHOP", "filterCHOP", "speedCHOP", "mathCHOP", "triggerCHOP", "countCHOP", "limitCHOP",
         "nullCHOP", "envelopeCHOP")


def fresh():
    w = tdsim.reset()
    w.loop = FrameLoop(w, clock=lambda: 0.0, sleep=lambda s: None)
    return td.op("/project1")


def chops(count):
    p = fresh()
    for c in range(count // len(CHAIN)):
        prev = None
        for op_type in CHAIN:
            op = p.create(op_type, f"{op_type[:-4]}{c}")
            if prev is not None:
                op.inputConnectors[0].connect(prev)
            prev = op
        top = p.create("constantTOP", f"probe{c}")
        top.par.colorr.expr = f"op('{prev.name}')[0]"   # an exported channel, read every frame


def audio():
    p = fresh()
    song = p.create("audiofileinCHOP")
    spectrum = p.create("audiospectrumCHOP")
    spectrum.inputConnectors[0].connect(song)
    level = p.create("analyzeCHOP")
    level.inputConnectors[0].connect(spectrum)
    lag = p.create("lagCHOP")
    lag.inputConnectors[0].connect(level)
    gain = p.create("mathCHOP", "gain")
    gain.inputConnectors[0].connect(lag)
    top = p.create("constantTOP")
    top.par.colorr.expr = "op('gain')[0]"


def frame_ms(build):
    build()
    tdsim.step(10)   # first cooks out of the way
    start = time.perf_counter()
    tdsim.step(FRAMES)
    return (time.perf_counter() - start) * 1000.0 / FRAMES


def main():
    rows = {"20 CHOPs": [], "200 CHOPs": [], "empty project": [], "audio chain": []}
    for _ in range(RUNS):
        rows["20 CHOPs"].append(frame_ms(lambda: chops(20)))
        rows["200 CHOPs"].append(frame_ms(lambda: chops(200)))
        rows["empty project"].append(frame_ms(fresh))
        rows["audio chain"].append(frame_ms(audio))
    print(f"| network | median frame ms ({RUNS} runs of {FRAMES} frames) |")
    print("|---|---|")
    for key, values in rows.items():
        print(f"| {key} | {statistics.median(values):.3f} |")
    small, big = statistics.median(rows["20 CHOPs"]), statistics.median(rows["200 CHOPs"])
    print(f"\n200 CHOPs against 20: {big / small:.2f}x the frame time; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
