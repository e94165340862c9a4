"""td.app, td.project, td.ui and td.absTime of the emulated process."""
from __future__ import annotations

import enum
import os
import platform
import sys

from ..values import paths
from ..values.documented import Documented, init_members
from ..values.errors import tdError
from .artist import artist

TDSIM_VERSION = "0.1.0"
# The TouchDesigner release whose operator catalog tdsim follows (the kb's live POP dump).
EMULATED_VERSION = "2025"
EMULATED_BUILD = "32460"
# What app.version / app.build answer: TouchDesigner's bare numbers (App Class, both str), so code
# written for TouchDesigner (`int(app.version) >= 2023`) runs unchanged. Nothing takes the
# emulation for a real build all the same: app.product is 'tdsim', app.tdsim is True, and
# tdsimVersion / emulatedVersion / emulatedBuild say which tdsim and which release it follows.
APP_VERSION = EMULATED_VERSION
APP_BUILD = EMULATED_BUILD


class AbsTime(Documented):
    """absTime: frames and seconds since the process started (advances with the frame loop,
    except while the root timeline is paused); frame 1 is 0 seconds. `world` returns the world
    whose frame loop it reads (the current one, for td.absTime)."""

    TD_CLASS = "absTime"

    def __init__(self, world):
        self._world = world

    frame = property(lambda self: float(self._world().loop.abs_frame))
    seconds = property(lambda self: self._world().loop.seconds)
    step = property(lambda self: 1.0)
    stepSeconds = property(lambda self: self._world().loop.period)

    def __repr__(self):
        return f"absTime frame:{self.frame} seconds:{self.seconds:.3f}"


class App(Documented):
    """td.app. `product` is 'tdsim' so nothing mistakes the emulation for TouchDesigner."""

    TD_CLASS = "App"
    TDSIM_OWN = ("tdsim", "tdsimVersion", "emulatedVersion", "emulatedBuild")

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

    @property
    def userPaletteFolder(self):
        # App.userPaletteFolder is documented (read-only str: the user's own palette, "My
        # Components"), its location is not. tdsim's choice under the home folder is an
        # assumption; svc's tests always pass their own folder. Verify in TouchDesigner with
        # `print(app.userPaletteFolder)` in the textport.
        return os.path.join(os.path.expanduser("~"), "Documents", "Derivative", "Palette")

    def __repr__(self):
        return f"app product:tdsim emulating:{self.emulatedVersion}.{self.emulatedBuild}"


class Project(Documented):
    TD_CLASS = "Project"

    def __init__(self, w):
        self._world = w
        init_members(self, name="tdsim.toe", folder=os.getcwd(), saveVersion=APP_VERSION, saveBuild=APP_BUILD,
                     paths={}, cookRate=60, realTime=True, performOnStart=False)
        self._savePath = None  # where save() without a path writes (the file last saved or loaded)

    def save(self, path=None, saveExternalToxs=False):
        """Write the network state (tdsim's JSON format, not a .toe) to path."""
        stem = os.path.splitext(self.name)[0]
        target = path or self._savePath or os.path.join(self.folder, stem + ".json")
        self._world.storage.save_state(target)
        self._savePath = target
        return True

    def load(self, path):
        self._world.storage.load_state(path)

    def __repr__(self):
        return f"project name:{self.name} folder:{self.folder}"


class PaneType(enum.Enum):
    """td.PaneType (Pane Class, https://derivative.ca/UserGuide/Pane_Class). The doc lists eight
    members; the Pane article counts nine pane types (the Geometry Spreadsheet has no member listed)."""

    NETWORKEDITOR = "NETWORKEDITOR"
    PANEL = "PANEL"
    GEOMETRYVIEWER = "GEOMETRYVIEWER"
    TOPVIEWER = "TOPVIEWER"
    CHOPVIEWER = "CHOPVIEWER"
    ANIMATIONEDITOR = "ANIMATIONEDITOR"
    PARAMETERS = "PARAMETERS"
    TEXTPORT = "TEXTPORT"

    def __str__(self):
        return "PaneType." + self.name


class Pane:
    """One pane of the layout (Pane Class). tdsim has no window: a pane is its members and its place
    in ui.panes. splitLeft/Right/Top/Bottom return the new pane; changeType returns a new Pane object
    and the old one stops being valid (both as the Pane Class documents). UNVERIFIED in TouchDesigner:
    that a split pane starts with the type and owner of the pane it came from and both get ratio 0.5,
    that using a Pane object no longer valid (closed, or replaced by changeType) raises td.tdError,
    and that closing the last pane is refused; to verify, split a pane in the textport and read the
    new pane's type, owner and ratio, then call a member of the old object after changeType."""

    def __init__(self, panes, owner, pane_id, name, kind):
        self._panes = panes
        self._valid = True
        self.owner = owner
        self.id = pane_id
        self.name = name
        self._type = kind
        self.link = 0
        self.enable = True
        self.maximize = False
        self.ratio = 1.0
        # NetworkEditor members (viewport centre and zoom). UNVERIFIED defaults: a fresh editor looks
        # at the origin at zoom 1; tdsim has no window, so nothing else moves them.
        self.x = 0.0
        self.y = 0.0
        self.zoom = 1.0

    type = property(lambda self: self._type)
    open = property(lambda self: self._valid and self in self._panes._panes())

    def _check(self):
        if not self.open:
            raise tdError("Invalid pane: %s (closed or replaced)" % self.name)

    def _split(self, side):
        self._check()
        self.ratio = 0.5
        made = self._panes._add(self.owner, self._type, after=self if side in ("right", "bottom") else None,
                                before=self if side in ("left", "top") else None)
        made.ratio = 0.5
        return made

    def splitLeft(self):
        return self._split("left")

    def splitRight(self):
        return self._split("right")

    def splitTop(self):
        return self._split("top")

    def splitBottom(self):
        return self._split("bottom")

    def changeType(self, paneType):
        self._check()
        if not isinstance(paneType, PaneType):
            raise tdError("changeType() expects a PaneType, not %r" % (paneType,))
        return self._panes._replace(self, paneType)

    def close(self):
        self._check()
        self._panes._remove(self)

    def __repr__(self):
        return "td.Pane name:%s type:%s" % (self.name, self._type)


class Panes:
    """ui.panes (Panes Class, https://derivative.ca/UserGuide/Panes_Class): at start one network
    editor looking at /project1; panes are found by index or name."""

    def __init__(self, w):
        self._world = w
        self._list = None
        self._next_id = 2
        self._current = None

    def _panes(self):
        if self._list is None:
            w = self._world
            self._list = [Pane(self, paths.resolve(w, None, "/project1") or w.root, 1, "pane1",
                               PaneType.NETWORKEDITOR)]
        return self._list

    def _add(self, owner, kind, after=None, before=None):
        panes = self._panes()
        made = Pane(self, owner, self._next_id, "pane%d" % self._next_id, kind)
        self._next_id += 1
        at = panes.index(after) + 1 if after is not None else panes.index(before)
        panes.insert(at, made)
        return made

    def _replace(self, pane, kind):
        panes = self._panes()
        made = Pane(self, pane.owner, pane.id, pane.name, kind)
        made.ratio = pane.ratio
        panes[panes.index(pane)] = made
        pane._valid = False
        if self._current is pane:
            self._current = made
        return made

    def _remove(self, pane):
        panes = self._panes()
        if len(panes) == 1:
            raise tdError("The last pane cannot be closed")
        panes.remove(pane)
        pane._valid = False
        if len(panes) == 1:
            panes[0].ratio = 1.0

    @property
    def current(self):
        panes = self._panes()
        return self._current if self._current in panes else panes[0]

    def __len__(self):
        return len(self._panes())

    def __getitem__(self, index):
        if isinstance(index, str):
            for pane in self._panes():
                if pane.name == index:
                    return pane
            raise IndexError("no pane named %r" % index)
        return self._panes()[index]

    def __iter__(self):
        return iter(list(self._panes()))


class UI(Documented):
    TD_CLASS = "UI"

    def __init__(self, w):
        self._world = w
        init_members(self, panes=Panes(w), performMode=False, status="", clipboard="", masterVolume=1.0,
                     redrawMainWindow=True, rolloverOp=None, rolloverPar=None)

    @property
    def undo(self):
        return self._world.undo

    def refresh(self):
        return None

    def messageBox(self, title, message, buttons=("Ok",)):
        # No one can click in tdsim: the scripted artist answers (artist.py; the first button by default).
        return artist().answer(title, message, list(buttons))


class SysInfo(Documented):
    """td.sysinfo: the machine tdsim runs on. There is no GPU and no display behind tdsim."""

    TD_CLASS = "SysInfo"

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
