"""td.app, td.project, td.ui and td.absTime of the emulated process."""
from __future__ import annotations

import os
import platform
import sys

from .runtime import world

TDSIM_VERSION = "0.1.0"
# The TouchDesigner release whose operator catalog tdsim follows (the kb's live POP dump).
EMULATED_VERSION = "2025"
EMULATED_BUILD = "32460"
# What app.version / app.build answer. TouchDesigner gives bare numbers ("2025", "32460": App
# Class, both str); tdsim prefixes them so a version check, a log line or a bug report can never
# take the emulation for a real build (`int(app.build)` fails here on purpose).
APP_VERSION = "tdsim-" + EMULATED_VERSION
APP_BUILD = "tdsim-" + EMULATED_BUILD


class AbsTime:
    """absTime: frames and seconds since the process started (advances with the frame loop,
    except while the root timeline is paused); frame 1 is 0 seconds."""

    frame = property(lambda self: float(world().loop.abs_frame))
    seconds = property(lambda self: world().loop.seconds)
    step = property(lambda self: 1.0)
    stepSeconds = property(lambda self: world().loop.period)

    def __repr__(self):
        return f"absTime frame:{self.frame} seconds:{self.seconds:.3f}"


class App:
    """td.app. `product` is 'tdsim' so nothing mistakes the emulation for TouchDesigner."""

    product = "tdsim"
    tdsim = True
    tdsimVersion = TDSIM_VERSION
    version = APP_VERSION
    build = APP_BUILD
    emulatedVersion = EMULATED_VERSION  # tdsim's own members: the release it follows
    emulatedBuild = EMULATED_BUILD
    osName = platform.system()
    osVersion = platform.release()
    architecture = platform.machine()
    experimental = False
    launchTime = 0.0
    processId = os.getpid()
    pythonExecutable = sys.executable
    power = True

    def __repr__(self):
        return f"app product:tdsim emulating:{self.emulatedVersion}.{self.emulatedBuild}"


class Project:
    def __init__(self, w):
        self._world = w
        self.name = "tdsim.toe"
        self.folder = os.getcwd()
        self.cookRate = 60
        self.realTime = True
        self.performOnStart = False
        self.saveVersion = APP_VERSION
        self.saveBuild = APP_BUILD
        self.paths = {}
        self.savePath = None

    def save(self, path=None, saveExternalToxs=False):
        """Write the network state (tdsim's JSON format, not a .toe) to path."""
        from .state import save_state
        stem = os.path.splitext(self.name)[0]
        target = path or self.savePath or os.path.join(self.folder, stem + ".json")
        save_state(self._world, target)
        self.savePath = target
        return True

    def load(self, path):
        from .state import load_state
        load_state(self._world, path)

    def __repr__(self):
        return f"project name:{self.name} folder:{self.folder}"


class Pane:
    def __init__(self, owner, pane_id, name, kind):
        self.owner = owner
        self.id = pane_id
        self.name = name
        self.type = kind
        self.link = 0
        self.enable = True
        self.maximize = False
        self.ratio = 1.0
        # NetworkEditor members (viewport centre and zoom). UNVERIFIED defaults: a fresh editor looks
        # at the origin at zoom 1; tdsim has no window, so nothing else moves them.
        self.x = 0.0
        self.y = 0.0
        self.zoom = 1.0


class Panes:
    """ui.panes: one network editor looking at /project1."""

    def __init__(self):
        self._list = None

    def _panes(self):
        if self._list is None:
            from . import paths
            self._list = [Pane(paths.resolve(None, "/project1") or world().root, 1, "pane1",
                               "NETWORKEDITOR")]
        return self._list

    current = property(lambda self: self._panes()[0])

    def __len__(self):
        return len(self._panes())

    def __getitem__(self, index):
        return self._panes()[index]

    def __iter__(self):
        return iter(self._panes())


class UI:
    def __init__(self, w):
        self._world = w
        self.panes = Panes()
        self.performMode = False
        self.status = ""
        self.clipboard = ""
        self.masterVolume = 1.0
        self.redrawMainWindow = True
        self.rolloverOp = None
        self.rolloverPar = None

    @property
    def undo(self):
        return self._world.undo

    def refresh(self):
        return None

    def messageBox(self, title, message, buttons=("Ok",)):
        # No one can click in tdsim: the scripted artist answers (artist.py; the first button by default).
        from .artist import artist
        return artist().answer(title, message, list(buttons))


class SysInfo:
    """td.sysinfo: the machine tdsim runs on. There is no GPU and no display behind tdsim."""

    numCPUs = os.cpu_count() or 1
    GPUName = "none (tdsim does not render on a GPU)"
    GPUID = ""
    GPUPlatformID = ""
    numMonitors = 0
    xres = 0
    yres = 0
    MIDIInputs: list = []
    MIDIOutputs: list = []

    @property
    def ram(self):
        """Physical memory in GB (0.0 where the platform does not say)."""
        try:
            return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024 ** 3
        except (ValueError, OSError, AttributeError):
            return 0.0


class Monitors(list):
    """td.monitors: empty, since tdsim has no display (primary is None)."""

    primary = None
    width = height = left = right = top = bottom = 0

    def locate(self, x, y):
        return None

    def refresh(self):
        return None
