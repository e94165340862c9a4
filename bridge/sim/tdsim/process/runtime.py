"""The emulated TouchDesigner process: one World holds the operator tree, ids, undo, the frame
clock and the `me` context, and what the layers below ask it for: the operator factory
(`factory`), the expression namespace (`expressions`) and storage (`storage`). Every operator
knows its world (`op._world`). Which world is the current one is current.py's.
"""
from __future__ import annotations

import contextlib
import threading

from ..create.create import Factory
from ..values.catalog import catalog
from .appui import UI, App, Monitors, Project, SysInfo
from .derived import Derived
from .expressions import Expressions
from .frameloop import FrameLoop
from .storage import Storage
from .undo import Undo


class World:
    def __init__(self, namespace):
        """`namespace(world)`: the globals every expression and DAT module of this world starts
        from (the td module's members, current.py)."""
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
        self.timesliced_chops = {}  # id -> CHOP that keeps state between frames (chop/timeslice.py)
        self.pulsed = set()  # (op id, par name) pulsed this frame, for Parameter Execute DATs
        self.factory = Factory(self)
        self.expressions = Expressions(self, namespace)
        self.storage = Storage(self)
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
        self.publish_me = None  # set once the td names are builtins (current.install_builtins)

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
        publish = self.publish_me
        if publish is not None:
            publish(op)
        try:
            yield
        finally:
            self.context.pop()
            if publish is not None:
                publish(self.context[-1] if self.context else None)
