"""The emulated TouchDesigner process: one World holds the operator tree, ids, undo, the frame
clock and the `me` context. `world()` returns it (creating a default project on first use);
`reset()` replaces it (tests start from a fresh project this way).
"""
from __future__ import annotations

import contextlib
import threading

_world = None
_lock = threading.Lock()


class World:
    def __init__(self):
        from ..values.catalog import catalog
        from .frameloop import FrameLoop
        from .undo import Undo
        from .derived import Derived
        from .appui import App, Monitors, Project, SysInfo, UI
        # Loaded here, not on first use: the first COMP made (default contents) and the first
        # delete or copy (snapshots) would otherwise pay for the import inside a frame.
        from ..create import defaultcontents, snapshots as state  # noqa: F401

        self.catalog = catalog()
        self.next_id = 1
        self.ops = {}
        self.context: list = []
        self.live_pars = set()
        self.timelines = {}  # id -> Time COMP, played by the frame loop
        self.execute_dats = {}  # id -> Execute-family DAT (executedats.py)
        self.panel_instants = []  # (panel COMP, value names) a click set this frame (panels.py)
        self.web_server_dats = {}  # id -> Web Server DAT; script-created ones serve (webservers.py)
        self.dat_servers = {}  # id -> the running server of a script-created Web Server DAT
        self.dat_server_failures = {}  # id -> the port that could not be opened
        self.pulsed = set()  # (op id, par name) pulsed this frame, for Parameter Execute DATs
        self.undo = Undo(self)
        self.derived = Derived(self)
        self.loop = FrameLoop(self)
        self.app = App()
        self.project = Project(self)
        self.ui = UI(self)
        self.sysinfo = SysInfo()
        self.monitors = Monitors()
        self.root = None
        self.main_thread = threading.get_ident()

    def new_id(self) -> int:
        i = self.next_id
        self.next_id += 1
        return i

    @property
    def me(self):
        return self.context[-1] if self.context else None

    @contextlib.contextmanager
    def as_me(self, op):
        """Run code with `me` bound to op (callbacks, expressions, run() scripts)."""
        self.context.append(op)
        try:
            yield
        finally:
            self.context.pop()


def world() -> World:
    global _world
    if _world is None:
        with _lock:
            if _world is None:
                from .default_project import build_default_project
                w = World()
                _world = w
                build_default_project(w)
    return _world


def reset(state_path: str | None = None) -> World:
    """Start a fresh emulated process with the default project (or a saved state)."""
    global _world
    from .default_project import build_default_project
    if _world is not None:
        from ..families.dat.webservers import stop_all
        stop_all(_world)  # no listening socket outlives its emulated process
    from .artist import reset as reset_artist
    reset_artist()
    with _lock:
        w = World()
        _world = w
        if state_path:
            from ..create.snapshots import load_state
            load_state(w, state_path)
        else:
            build_default_project(w)
    return w
