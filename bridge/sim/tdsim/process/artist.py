"""The scripted artist: who answers `ui.messageBox` in tdsim, since no one can click.

TouchDesigner's messageBox is modal: it returns the index of the button pressed, and the main
thread waits until then. tdsim's artist answers from a script, one step per box:

- `choose:<label>`: press the button with that label (a label the box does not have raises
  td.tdError, so a test cannot pass by accident);
- `close`: close the box without a button; tdsim returns -1 (UNVERIFIED: what TouchDesigner
  returns then is not documented);
- `wait:<seconds> <step>`: take that long first (the main thread waits, as with the real box),
  then do the step.

Steps come from `tdsim.artist.script([...])` in-process, or, for a separate tdsim process, from
the file named by TDSIM_ARTIST (one step per line; each box takes and removes the first line).
With no step left the artist presses the first button, as tdsim always did. Every box shown is
kept in `shown` (title, message, buttons).
"""
from __future__ import annotations

import collections
import os
import sys
import time

from ..values.errors import tdError


class Artist:
    def __init__(self):
        self.steps: collections.deque = collections.deque()
        self.shown: list = []

    def script(self, steps):
        self.steps.extend(steps)

    def _next_step(self):
        if self.steps:
            return self.steps.popleft()
        path = os.environ.get("TDSIM_ARTIST", "").strip()
        if not path or not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8") as f:
            lines = [line.strip() for line in f.read().splitlines()]
        lines = [line for line in lines if line]
        if not lines:
            return None
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines[1:]))
        return lines[0]

    def answer(self, title, message, buttons):
        buttons = [str(b) for b in buttons]
        self.shown.append((str(title), str(message), buttons))
        print(f"[messageBox] {title}: {message} {buttons}", file=sys.stderr)
        step = self._next_step()
        if step is None:
            return 0
        words = step.split()
        if words and words[0].startswith("wait:"):
            time.sleep(float(words[0][5:]))
            words = words[1:]
        action = words[0] if words else "choose:" + buttons[0]
        if action == "close":
            return -1
        if action.startswith("choose:"):
            label = action[7:]
            if label not in buttons:
                raise tdError(f"the scripted artist would press '{label}', but the box has {buttons}")
            return buttons.index(label)
        raise tdError(f"unknown scripted artist step '{step}'")


_artist = Artist()


def artist() -> Artist:
    return _artist


def script(steps):
    _artist.script(steps)


def reset():
    _artist.__init__()
