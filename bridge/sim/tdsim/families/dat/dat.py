"""DAT: text and tables (td.DAT) and table cells (td.Cell).

A Table DAT holds rows of cells; every other DAT holds text. The table members also work on a
text DAT, reading lines as rows and tabs as cell separators (as TouchDesigner does), and the
text of a table is its rows joined by tabs and newlines.
"""
from __future__ import annotations

import json
import types

from ...op import files
from ...op.op import OP
from ...values import naming
from ...values.errors import tdError
from .executecalls import EXECUTE_TYPES

TABLE_TYPES = frozenset({"tableDAT"})


def to_rows(text):
    if not text:
        return []
    return [line.split("\t") for line in text.rstrip("\n").split("\n")]


def to_text(rows):
    return "".join("\t".join(r) + "\n" for r in rows)


def autocast(text):
    """A cell's contents as Python reads them in an expression: an int or a float when they are
    one, the string otherwise."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _replaced(cells, vals, entire):
    """A row's (or column's) cells after replaceRow/replaceCol."""
    vals = [str(v) for v in (vals if isinstance(vals, (list, tuple)) else [vals])]
    return vals if entire else vals + cells[len(vals):]


def _operand(other):
    return other._cast() if isinstance(other, Cell) else other


class Cell:
    def __init__(self, dat, row, col):
        self._dat, self._row, self._col = dat, row, col

    owner = property(lambda self: self._dat)
    row = property(lambda self: self._row)
    col = property(lambda self: self._col)

    @property
    def valid(self):
        rows = self._dat._rows()
        return self._row < len(rows) and self._col < len(rows[self._row])

    @property
    def val(self):
        rows = self._dat._rows()
        return rows[self._row][self._col] if self.valid else ""

    @val.setter
    def val(self, value):
        self._dat[self._row, self._col] = value

    def offset(self, r, c):
        return self._dat[self._row + r, self._col + c]

    def __str__(self):
        return self.val

    def __repr__(self):
        return f"type:Cell cell:({self._row}, {self._col}) owner:{self._dat.path} value:{self.val}"

    # Cell Class, "Casting to a Value": a cell stands for its contents in expressions, as a number
    # when they read as one ("3" + 1 is 4, a cell of "3" plus itself 6) and as a string otherwise
    # (a cell of "a" plus itself is "aa").
    def _cast(self):
        return autocast(self.val)

    def __float__(self):
        return float(self.val)

    def __int__(self):
        return int(self._num_or_raise())

    def _num_or_raise(self):
        value = self._cast()
        if isinstance(value, str):
            raise ValueError(f"invalid literal for int() with base 10: {value!r}")
        return value

    __add__ = lambda s, o: s._cast() + _operand(o)
    __radd__ = lambda s, o: _operand(o) + s._cast()
    __sub__ = lambda s, o: s._cast() - _operand(o)
    __rsub__ = lambda s, o: _operand(o) - s._cast()
    __mul__ = lambda s, o: s._cast() * _operand(o)
    __rmul__ = lambda s, o: _operand(o) * s._cast()
    __truediv__ = lambda s, o: s._cast() / _operand(o)
    __rtruediv__ = lambda s, o: _operand(o) / s._cast()
    __floordiv__ = lambda s, o: s._cast() // _operand(o)
    __rfloordiv__ = lambda s, o: _operand(o) // s._cast()
    __mod__ = lambda s, o: s._cast() % _operand(o)
    __rmod__ = lambda s, o: _operand(o) % s._cast()
    __pow__ = lambda s, o: s._cast() ** _operand(o)
    __rpow__ = lambda s, o: _operand(o) ** s._cast()
    __neg__ = lambda s: -s._cast()
    __pos__ = lambda s: +s._cast()
    __abs__ = lambda s: abs(s._cast())
    __lt__ = lambda s, o: s._cast() < _operand(o)
    __le__ = lambda s, o: s._cast() <= _operand(o)
    __gt__ = lambda s, o: s._cast() > _operand(o)
    __ge__ = lambda s, o: s._cast() >= _operand(o)

    def __round__(self, ndigits=None):
        return round(self._num_or_raise(), ndigits)

    def __eq__(self, other):
        if isinstance(other, Cell):
            return other._dat is self._dat and (other._row, other._col) == (self._row, self._col)
        return self.val == other if isinstance(other, str) else self._cast() == other

    def __hash__(self):
        return hash((id(self._dat), self._row, self._col))


class DAT(OP):
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
    def _index(self, key, axis, rows, case_sensitive=True):
        if isinstance(key, Cell):
            key = key.row if axis == 0 else key.col
        if isinstance(key, int) and not isinstance(key, bool):
            return key
        key = str(key)
        names = [r[0] if r else "" for r in rows] if axis == 0 else (rows[0] if rows else [])
        for i, n in enumerate(names):
            if naming.match(key, n, case_sensitive):
                return i
        return None

    def __getitem__(self, key):
        if not isinstance(key, tuple):
            key = (key, 0)
        rows = self._rows()
        r = self._index(key[0], 0, rows)
        c = self._index(key[1], 1, rows)
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
        found = self[rowNameOrIndex, colNameOrIndex]
        return (found.val if found else None) if val else found

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

    # ---- table edits ------------------------------------------------------------------------
    def setSize(self, numrows, numcols):
        rows = [list(r) for r in self._rows()][:numrows]
        rows += [[] for _ in range(numrows - len(rows))]
        self._write_rows([(r + [""] * numcols)[:numcols] for r in rows])

    def _insert(self, vals, at, axis):
        vals = [str(v) for v in (vals if isinstance(vals, (list, tuple)) else [vals])]
        rows = [list(r) for r in self._rows()]
        if axis == 0:
            index = len(rows) if at is None else self._index(at, 0, rows)
            if index is None:
                raise tdError(f"No row {at!r} in {self.path}")
            rows.insert(index, vals)
        else:
            width = self.numCols
            index = width if at is None else self._index(at, 1, rows)
            if index is None:
                raise tdError(f"No column {at!r} in {self.path}")
            height = max(len(rows), len(vals))
            rows += [[] for _ in range(height - len(rows))]
            for r, row in enumerate(rows):
                row += [""] * (index - len(row))
                row.insert(index, vals[r] if r < len(vals) else "")
        self._write_rows(rows)
        return index

    def appendRow(self, vals=(), nameOrIndex=None, sort=None):
        return self._insert(vals, None if nameOrIndex is None else nameOrIndex, 0)

    def appendRows(self, rows, nameOrIndex=None, sort=None):
        return [self.appendRow(r) for r in rows][-1] if rows else self.numRows

    def appendCol(self, vals=(), nameOrIndex=None, sort=None):
        return self._insert(vals, None if nameOrIndex is None else nameOrIndex, 1)

    def appendCols(self, cols, nameOrIndex=None, sort=None):
        return [self.appendCol(c) for c in cols][-1] if cols else self.numCols

    def insertRow(self, vals=(), nameOrIndex=0, sort=None):
        return self._insert(vals, nameOrIndex, 0)

    def insertCol(self, vals=(), nameOrIndex=0, sort=None):
        return self._insert(vals, nameOrIndex, 1)

    def replaceRow(self, nameOrIndex, vals=(), entireRow=True):
        """DAT Class: entireRow overwrites every cell of the row (no vals empties it); with
        entireRow=False only as many cells as there are vals, the rest of the row stays."""
        rows = [list(r) for r in self._rows()]
        index = self._index(nameOrIndex, 0, rows)
        if index is None or index >= len(rows):
            raise tdError(f"No row {nameOrIndex!r} in {self.path}")
        rows[index] = _replaced(rows[index], vals, entireRow)
        self._write_rows(rows)
        return index

    def replaceCol(self, nameOrIndex, vals=(), entireCol=True):
        """DAT Class: as replaceRow, down a column (a row shorter than the column grows to it)."""
        rows = [list(r) for r in self._rows()]
        index = self._index(nameOrIndex, 1, rows)
        if index is None or index >= self.numCols:
            raise tdError(f"No column {nameOrIndex!r} in {self.path}")
        column = [r[index] if index < len(r) else "" for r in rows]
        column = _replaced(column, vals, entireCol)
        rows += [[] for _ in range(len(column) - len(rows))]
        for r, row in enumerate(rows):
            row += [""] * (index + 1 - len(row))
            row[index] = column[r] if r < len(column) else ""
        self._write_rows(rows)
        return index

    def deleteRow(self, nameOrIndex):
        rows = [list(r) for r in self._rows()]
        index = self._index(nameOrIndex, 0, rows)
        if index is None or index >= len(rows):
            raise tdError(f"No row {nameOrIndex!r} in {self.path}")
        del rows[index]
        self._write_rows(rows)
        return index

    def deleteRows(self, nameOrIndexes=()):
        """DAT Class: each row given, by name or index, found before any is deleted (none given:
        nothing happens)."""
        rows = self._rows()
        indexes = {self._index(k, 0, rows) for k in nameOrIndexes}
        for index in sorted((i for i in indexes if i is not None), reverse=True):
            self.deleteRow(index)

    def deleteCols(self, nameOrIndexes=()):
        """DAT Class: each column given, by name or index (none given: nothing happens)."""
        rows = self._rows()
        indexes = {self._index(k, 1, rows) for k in nameOrIndexes}
        for index in sorted((i for i in indexes if i is not None), reverse=True):
            self.deleteCol(index)

    def deleteCol(self, nameOrIndex):
        rows = [list(r) for r in self._rows()]
        index = self._index(nameOrIndex, 1, rows)
        if index is None:
            raise tdError(f"No column {nameOrIndex!r} in {self.path}")
        self._write_rows([r[:index] + r[index + 1:] for r in rows])
        return index

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

    def run(self, *args, delayFrames=0, fromOP=None, **kwargs):
        return self._world.loop.schedule(self.text, args, fromOP or self, delayFrames)


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
