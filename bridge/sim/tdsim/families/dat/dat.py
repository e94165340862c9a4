"""DAT: text and tables (td.DAT) and table cells (td.Cell).

A Table DAT holds rows of cells; every other DAT holds text. The table members also work on a
text DAT, reading lines as rows and tabs as cell separators (as TouchDesigner does), and the
text of a table is its rows joined by tabs and newlines.
"""
from __future__ import annotations

import csv
import io
import json
import types

from ...op import files
from ...op.op import OP
from ...values import naming
from ...values.errors import tdError
from .cell import Cell
from .executecalls import EXECUTE_TYPES
from .tableedits import TableEdits

TABLE_TYPES = frozenset({"tableDAT"})


def to_rows(text):
    if not text:
        return []
    return [line.split("\t") for line in text.rstrip("\n").split("\n")]


def to_text(rows):
    return "".join("\t".join(r) + "\n" for r in rows)


class DAT(TableEdits, OP):
    family = "DAT"

    def __init__(self, world, parent, name):
        self._table = None if self.OPType not in TABLE_TYPES else []
        self._text = ""
        self._module = None
        super().__init__(world, parent, name)
        if self.OPType in EXECUTE_TYPES:
            world.execute_dats[self._id] = self  # run from the frame loop (executedats.py)

    # ---- content ----------------------------------------------------------------------------
    def _content(self):
        return [list(r) for r in self._table] if self._table is not None else self._text

    def _content_raw(self, value):
        self._world.derived.changed()
        if isinstance(value, list):
            self._table = [list(r) for r in value]
        else:
            self._text = value
        self._module = None

    def _set_content(self, value):
        before = self._content()
        self._content_raw(value)
        self._world.undo.record_attr(self, "content", before, self._content())

    def _rows(self):
        return self._table if self._table is not None else to_rows(self._text)

    def _write_rows(self, rows):
        rows = [[str(c) for c in r] for r in rows]
        self._set_content(rows if self._table is not None else to_text(rows))

    isTable = property(lambda self: self._table is not None)
    isText = property(lambda self: self._table is None)
    isEditable = property(lambda self: True)

    @property
    def text(self):
        return to_text(self._table) if self._table is not None else self._text

    @text.setter
    def text(self, value):
        value = "" if value is None else str(value)
        self._set_content(to_rows(value) if self._table is not None else value)

    def write(self, *args):
        self.text = self.text + "".join(str(a) for a in args)

    def save(self, filepath=None, append=False, createFolders=False):
        """Write the DAT's text (a table as tab-separated lines) in UTF-8; returns the file path.
        `append` adds to an existing file, for .txt files only, as documented."""
        path = files.target(self, filepath, ".txt", createFolders)
        append = bool(append) and path.lower().endswith(".txt")
        return files.write_bytes(self, path, self.text.encode("utf-8"), append=append)

    def clear(self, keepSize=False, keepFirstRow=False, keepFirstCol=False):
        rows = self._rows()
        if keepSize:
            self._write_rows([["" for _ in r] for r in rows])
        elif keepFirstRow:
            self._write_rows(rows[:1])
        elif keepFirstCol:
            self._write_rows([r[:1] for r in rows])
        else:
            self._set_content([] if self._table is not None else "")

    @property
    def jsonObject(self):
        return json.loads(self.text)

    @property
    def numRows(self):
        return len(self._rows())

    @property
    def numCols(self):
        rows = self._rows()
        return max((len(r) for r in rows), default=0)

    # ---- cells ------------------------------------------------------------------------------
    def _index(self, key, axis, rows, case_sensitive=True, pattern=True):
        found = self._indexes(key, axis, rows, case_sensitive, pattern)
        return found[0] if found else None

    def _indexes(self, key, axis, rows, case_sensitive=True, pattern=True):
        """Every row (axis 0) or column (1) a name, pattern or index gives, in order."""
        if isinstance(key, Cell):
            key = key.row if axis == 0 else key.col
        if isinstance(key, int) and not isinstance(key, bool):
            return [key]
        key = str(key)
        names = [r[0] if r else "" for r in rows] if axis == 0 else (rows[0] if rows else [])
        if pattern:
            return [i for i, n in enumerate(names) if naming.match(key, n, case_sensitive)]
        return [i for i, n in enumerate(names) if n == key]

    def __getitem__(self, key):
        # DAT Class, [row, col]: "an exact string name ... Pattern Matching is not supported".
        if not isinstance(key, tuple):
            key = (key, 0)
        rows = self._rows()
        r = self._index(key[0], 0, rows, pattern=False)
        c = self._index(key[1], 1, rows, pattern=False)
        if r is None or c is None or r < 0 or c < 0 or r >= len(rows) or c >= len(rows[r]):
            return None
        return Cell(self, r, c)

    def __setitem__(self, key, value):
        rows = [list(r) for r in self._rows()]
        r = self._index(key[0], 0, rows)
        c = self._index(key[1], 1, rows)
        if r is None or c is None or r < 0 or c < 0:
            raise tdError(f"No cell {key!r} in {self.path}")
        while len(rows) <= r:
            rows.append([])
        while len(rows[r]) <= c:
            rows[r].append("")
        rows[r][c] = str(value)
        self._write_rows(rows)

    def cell(self, rowNameOrIndex, colNameOrIndex, caseSensitive=True, val=False):
        """DAT Class: the first cell the row and column give (names are patterns), or None."""
        found = self.cells(rowNameOrIndex, colNameOrIndex, caseSensitive)
        if not found:
            return None
        return found[0].val if val else found[0]

    def cells(self, rowNameOrIndex, colNameOrIndex, caseSensitive=True, val=False):
        """DAT Class: "a (possibly empty) list of cells that match the given row/column names or
        indices", row by row."""
        rows = self._rows()
        out = []
        for r in self._indexes(rowNameOrIndex, 0, rows, caseSensitive):
            for c in self._indexes(colNameOrIndex, 1, rows, caseSensitive):
                if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
                    out.append(Cell(self, r, c))
        return [x.val for x in out] if val else out

    @property
    def csv(self):
        """DAT Class: the contents in csv format, which, unlike `text`, keeps commas, tabs and
        newlines inside cells."""
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(self._rows())
        return buffer.getvalue()

    @csv.setter
    def csv(self, value):
        rows = [list(r) for r in csv.reader(io.StringIO("" if value is None else str(value)))]
        if self._table is not None:
            self._write_rows(rows)
        else:
            self._set_content(to_text(rows))

    def copy(self, DAT):  # noqa: N803  (the documented argument name)
        """DAT Class: "Copy the text or table from the specified DAT operator"."""
        if getattr(DAT, "family", None) != "DAT":
            raise tdError(f"copy() takes a DAT, not {type(DAT).__name__}")
        if self._table is not None:
            self._write_rows([list(r) for r in DAT._rows()])
        else:
            self.text = DAT.text

    def row(self, *nameOrIndexes, caseSensitive=True, val=False):
        rows = self._rows()
        for key in nameOrIndexes:
            r = self._index(key, 0, rows, caseSensitive)
            if r is not None and 0 <= r < len(rows):
                return list(rows[r]) if val else [Cell(self, r, c) for c in range(len(rows[r]))]
        return None

    def col(self, *nameOrIndexes, caseSensitive=True, val=False):
        rows = self._rows()
        for key in nameOrIndexes:
            c = self._index(key, 1, rows, caseSensitive)
            if c is not None and 0 <= c < self.numCols:
                cells = [(r, c) for r in range(len(rows)) if c < len(rows[r])]
                return [rows[r][c] for r, c in cells] if val else [Cell(self, r, c) for r, c in cells]
        return None

    def rows(self, *nameOrIndexes, caseSensitive=True, val=False):
        keys = nameOrIndexes or range(self.numRows)
        return [x for x in (self.row(k, caseSensitive=caseSensitive, val=val) for k in keys) if x is not None]

    def cols(self, *nameOrIndexes, caseSensitive=True, val=False):
        keys = nameOrIndexes or range(self.numCols)
        return [x for x in (self.col(k, caseSensitive=caseSensitive, val=val) for k in keys) if x is not None]

    def findCell(self, pattern, rows=None, cols=None, valuePattern=True, rowPattern=True,
                 colPattern=True, caseSensitive=False, val=False):
        found = self.findCells(pattern, rows, cols, valuePattern, caseSensitive=caseSensitive)
        if not found:
            return None
        return found[0].val if val else found[0]

    def findCells(self, pattern, rows=None, cols=None, valuePattern=True, rowPattern=True,
                  colPattern=True, caseSensitive=False, val=False):
        data = self._rows()
        out = []
        for r, row in enumerate(data):
            for c, text in enumerate(row):
                hit = naming.match(str(pattern), text, caseSensitive) if valuePattern else text == str(pattern)
                if hit:
                    out.append(Cell(self, r, c))
        return [x.val for x in out] if val else out

    # ---- Python in DATs ---------------------------------------------------------------------
    @property
    def module(self):
        """The DAT's text run as a Python module (cached until the text changes)."""
        if self._module is None:
            # Registered before it runs, so a module importing itself (or a cycle of DAT
            # modules) gets the module being made, as Python's import does.
            try:
                load_module(self, self.text, register=lambda m: setattr(self, "_module", m))
            except BaseException:
                self._module = None
                raise
        return self._module

    def run(self, *args, endFrame=False, fromOP=None, asParameter=False, group=None, delayFrames=0,
            delayMilliSeconds=0, wallTime=False, delayRef=None):
        """DAT Class: run the DAT's text as a script; `args` reach it as a local tuple."""
        return self._world.loop.schedule(self.text, args, fromOP or self, delayFrames, delayMilliSeconds,
                                         group, origin=self)


def load_module(dat, source, filename=None, register=None):
    """Run source as a module whose globals hold the td members, with `me` = the DAT."""
    mod = types.ModuleType(dat.name)
    if register is not None:
        register(mod)
    # op(), parent() and me in a DAT's module are relative to that DAT, wherever it is called from.
    mod.__dict__.update(dat._world.expressions.namespace(dat))
    if filename:
        mod.__file__ = filename
    with dat._world.as_me(dat):
        exec(compile(source, filename or dat.path, "exec"), mod.__dict__)
    return mod
