#!/usr/bin/env python3
"""The paged state read of one very wide COMP, in process against tdsim (no HTTP, no frames).

Every page resumes by name, so each one looks through the COMP's children again to find where it
left off. Two rows, measured in the same run on the same network: the bridge as it is (a page's
15 ms budget counts from the first node it lists, and only the children after the resume point
are sorted) and, as the baseline, the budget counted from the start of the request (as before
bridge 0.2.33, where finding the resume point could spend a page's whole budget).

usage: python3 bench/wide-comp.bench.py [--children 5000]
"""

import json
import os
import sys
import time
from unittest import mock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "bridge"), os.path.join(ROOT, "bridge", "sim")]

import td  # noqa: E402
import tdsim  # noqa: E402
from svc_bridge import app, budget  # noqa: E402

CHILDREN = int(sys.argv[sys.argv.index("--children") + 1]) if "--children" in sys.argv else 5000
URI = "/api/network/%252Fproject1%252Fwide/state"


def call(body):
    request = {"method": "POST", "uri": URI, "pars": {}, "clientAddress": "127.0.0.1", "serverAddress": "127.0.0.1",
               "data": json.dumps(body).encode(), "Host": "127.0.0.1:9980", "Content-Type": "application/json"}
    response = {}
    app.handle(request, response)
    reply = json.loads(response["data"])
    assert reply["ok"], reply
    return reply["data"]


def read_all():
    pages, nodes, after = 0, 0, None
    start = time.perf_counter()
    while True:
        page = call({"after": after, "time_budget_ms": 15, "max_nodes": 500})
        pages += 1
        nodes += len(page["nodes"])
        if page["next_after"] is None:
            return pages, nodes, time.perf_counter() - start
        after = page["next_after"]


def main():
    os.environ["SVC_BRIDGE_FRAME_BUDGET_MS"] = "off"
    tdsim.reset()
    wide = td.op("/project1").create("baseCOMP", "wide")
    for i in range(CHILDREN):
        wide.create("nullTOP", "n%05d" % i)
    load = os.getloadavg()[0]
    now = read_all()
    with mock.patch.object(budget.Budget, "restart", lambda self: None):
        before = read_all()
    print("paged state read of one COMP with %d children, load average %.1f -> %.1f" % (CHILDREN, load, os.getloadavg()[0]))
    print("| read | pages | nodes | seconds |")
    print("|---|---|---|---|")
    print("| budget from the request's start (baseline) | %d | %d | %.1f |" % before)
    print("| budget from the first node listed | %d (x%.3f) | %d | %.1f (x%.3f) |"
          % (now[0], now[0] / before[0], now[1], now[2], now[2] / before[2]))


if __name__ == "__main__":
    main()
