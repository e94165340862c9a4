#!/usr/bin/env python3
"""Run tdsim as a Web Server DAT host.

    python3 bridge/sim/run_host.py [--port 9980] [--state FILE] [--callbacks PATH] [--bind 127.0.0.1]
                                   [--exit-with-parent]

Prints one line when it listens, `tdsim listening on http://127.0.0.1:PORT`, then serves until
SIGTERM or SIGINT. --port 0 picks a free port (the line says which). Errors are one line on
stderr: exit 2 for bad arguments or files, 3 when the port is taken.
"""
from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


def main(argv=None) -> int:
    if sys.version_info < (3, 11):
        print(f"tdsim: Python 3.11 or newer is needed (this is {sys.version.split()[0]})", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog="run_host.py", description="tdsim Web Server DAT host")
    parser.add_argument("--port", type=int, default=9980, help="TCP port (0 = any free port)")
    parser.add_argument("--state", help="load this saved network state (project.save() writes back to it)")
    parser.add_argument("--callbacks", help="the Web Server DAT callbacks module (a .py file)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (default loopback)")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="stop when the process that started this one is gone (for tools and tests)")
    args = parser.parse_args(argv)

    for label, path in (("state", args.state), ("callbacks", args.callbacks)):
        if path and not os.path.isfile(path):
            print(f"tdsim: {label} file not found: {path}", file=sys.stderr)
            return 2

    import tdsim
    from tdsim.host.host import Host
    try:
        w = tdsim.reset(args.state) if args.state else tdsim.reset()
    except (ValueError, OSError) as exc:
        print(f"tdsim: cannot load state {args.state}: {exc}", file=sys.stderr)
        return 2
    from tdsim.host.textport import install_main_globals
    install_main_globals()  # op, me, parent, ui, project, tdu... as in TouchDesigner's textport
    try:
        host = Host(port=args.port, callbacks_path=args.callbacks, bind=args.bind, w=w)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(f"tdsim: port {args.port} is already in use", file=sys.stderr)
            return 3
        print(f"tdsim: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 3

    def stop(signum, frame):
        w.loop.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if args.exit_with_parent:
        _watch_parent(w.loop.stop)
    host.start()
    print(f"tdsim listening on {host.url}", flush=True)
    counts = tdsim.assumed_defaults()
    # A default tdsim invents is not TouchDesigner's: say how many there are, on the next line.
    try:
        print(f"tdsim assumes {counts['assumed']} of {counts['total']} parameter defaults", flush=True)
    except OSError:  # whoever started the host read the listening line and closed the pipe
        sys.stdout = open(os.devnull, "w")
    try:
        w.loop.run_forever()
    finally:
        host.stop()
    return 0


def _watch_parent(stop, interval=0.5):
    """A host started by a tool must not outlive it: a killed test runner would leave a 60 fps
    loop running. When the parent is gone the process is re-parented, and getppid() changes."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(interval)
        stop()

    threading.Thread(target=watch, name="tdsim-parent-watch", daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
