#!/usr/bin/env python3
"""Bridge: main-thread time per request, in process against tdsim (no HTTP), on a network of
about 600 operators. A request runs between two frames, so its time is what a frame waits.

usage: python3 bench/bridge.bench.py [--runs N]
"""

import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "bridge"), os.path.join(ROOT, "bridge", "sim")]

# Each request's own time is measured here, called back to back without frames in between: the
# bridge's share of each frame (shedding.py) would refuse most of them.
os.environ.setdefault("SVC_BRIDGE_FRAME_BUDGET_MS", "off")

import tdsim  # noqa: E402
from svc_bridge import app  # noqa: E402

RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7


def call(method, uri, body=None):
    request = {"method": method, "uri": uri, "pars": {}, "clientAddress": "127.0.0.1", "serverAddress": "127.0.0.1",
               "data": b"", "Host": "127.0.0.1:9980"}
    if body is not None:
        request["data"] = json.dumps(body).encode()
        request["Content-Type"] = "application/json"
    response = {}
    start = time.perf_counter()
    app.handle(request, response)
    ms = (time.perf_counter() - start) * 1000.0
    return ms, json.loads(response["data"])


def chain(parent, prefix, count):
    ops = []
    for i in range(count):
        kind = ("noiseTOP", "levelTOP", "blurTOP", "transformTOP")[0 if i == 0 else 1 + i % 3]
        ops.append({"action": "create", "parent_path": parent, "type": kind, "name": "%s%d" % (prefix, i),
                    "parameters": {"period": 2} if kind == "noiseTOP" else {}})
        if i:
            ops.append({"action": "connect", "source_path": "%s/%s%d" % (parent, prefix, i - 1),
                        "target_path": "%s/%s%d" % (parent, prefix, i)})
    return ops


def build():
    tdsim.reset()
    ops = [{"action": "create", "parent_path": "/project1", "type": "baseCOMP", "name": "big"}]
    ops += chain("/project1/big", "n", 300)
    for sub in range(3):
        ops.append({"action": "create", "parent_path": "/project1/big", "type": "baseCOMP", "name": "sub%d" % sub})
        ops += chain("/project1/big/sub%d" % sub, "m", 100)
    # 200 operations cost at most 800 units: within the bridge's limit per batch (batch_cost.py)
    for start in range(0, len(ops), 200):
        ms, reply = call("POST", "/api/batch", {"operations": ops[start:start + 200]})
        assert reply["ok"], reply


def measure(label, method, uri, body=None, check=None):
    times = []
    for _ in range(RUNS):
        build_needed = body is not None and method != "GET"
        if build_needed:
            build()
        ms, reply = call(method, uri, body)
        if check is not None:
            check(reply)
        times.append(ms)
    return label, statistics.median(times), max(times)


def ok(reply):
    assert reply["ok"], json.dumps(reply)[:300]


def failed_batch(reply):
    assert not reply["ok"] and reply["error"]["code"] == "batch_failed", json.dumps(reply)[:300]


def main():
    build()
    big = "%2Fproject1%2Fbig"
    rows = [
        measure("GET /api/info", "GET", "/api/info", check=ok),
        measure("GET /api/nodes/{path} (one node)", "GET", "/api/nodes/%2Fproject1%2Fbig%2Fn5", check=ok),
        measure("GET /api/network/{path}/topology depth 1 (303 nodes)", "GET",
                "/api/network/%s/topology" % big, check=ok),
        measure("… topology depth 2 + params (603 nodes, 200 ms budget)", "GET",
                "/api/network/%s/topology?depth=2&params=true&time_budget_ms=200" % big, check=ok),
        measure("GET /api/nodes/search (whole project, default 50 ms budget)", "GET",
                "/api/nodes/search?root=%2F&name=zzz&max_depth=8", check=ok),
        measure("POST /api/nodes (one node with a parameter)", "POST", "/api/nodes",
                {"parent_path": "/project1/big", "type": "noiseTOP", "name": "extra", "parameters": {"period": 3}},
                check=ok),
        measure("POST /api/batch: 200 creates + 199 wires", "POST", "/api/batch",
                {"operations": chain("/project1/big", "x", 200)}, check=ok),
        measure("POST /api/batch: same, failing at the end (rollback of 399 operations)", "POST", "/api/batch",
                {"operations": chain("/project1/big", "x", 200) + [{"action": "update", "path": "/nope",
                                                                      "parameters": {}}]}, check=failed_batch),
        measure("POST /api/batch: delete a 100-node COMP, then fail (restore it)", "POST", "/api/batch",
                {"operations": [{"action": "delete", "path": "/project1/big/sub0", "confirmation_policy": "yolo"},
                                {"action": "update", "path": "/nope", "parameters": {}}]}, check=failed_batch),
    ]
    print("| request | median ms | max ms |")
    print("|---|---|---|")
    for label, median, worst in rows:
        print("| %s | %.2f | %.2f |" % (label, median, worst))


if __name__ == "__main__":
    main()
