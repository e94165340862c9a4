"""Where an operator's save() writes: the path rules COMP.save, DAT.save and TOP.save share.

Documented: without a path a default file name is used in `project.folder`, and
`createFolders=True` makes missing folders. UNVERIFIED: the error for a missing folder without
createFolders (tdsim raises td.tdError) and the default names (`<name>.tox` for a COMP,
`<name>.txt` for a DAT).
"""
from __future__ import annotations

import os

from ..values.errors import tdError


def target(op, filepath, extension, create_folders):
    """The path to write for op.save(filepath, createFolders=...): its folder exists after this."""
    if filepath is None or str(filepath) == "":
        filepath = os.path.join(op._world.project.folder, op.name + extension)
    filepath = os.fspath(filepath)
    folder = os.path.dirname(os.path.abspath(filepath))
    if not os.path.isdir(folder):
        if not create_folders:
            raise tdError(f"Cannot save {op.path}: the folder {folder} does not exist "
                          "(createFolders=True makes it)")
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise tdError(f"Cannot save {op.path}: cannot make {folder}: {exc.strerror or exc}") from None
    if os.path.isdir(filepath):
        raise tdError(f"Cannot save {op.path}: {filepath} is a folder")
    return filepath


def write_bytes(op, filepath, data, append=False):
    try:
        with open(filepath, "ab" if append else "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise tdError(f"Cannot save {op.path} to {filepath}: {exc.strerror or exc}") from None
    return filepath
