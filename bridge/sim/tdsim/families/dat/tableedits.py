"""Editing a DAT's table (DAT Class, "Modifying Table Content"): rows and columns appended,
inserted, replaced and deleted. The DAT reads its rows (`_rows`), finds rows and columns by name
or index (`_index`) and writes them back as one undo step (`_write_rows`)."""
from __future__ import annotations

from ...values.errors import tdError


def _replaced(cells, vals, entire):
    """A row's (or column's) cells after replaceRow/replaceCol."""
    vals = [str(v) for v in (vals if isinstance(vals, (list, tuple)) else [vals])]
    return vals if entire else vals + cells[len(vals):]


class TableEdits:
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
