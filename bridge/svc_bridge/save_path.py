"""Where POST /api/nodes/{path}/save may write: inside the project folder or the export folder.

Without this a request could write any file TouchDesigner's process may write (a
`usercustomize.py`, the staged bridge itself) and so run Python with exec closed. A path is
refused unless it is absolute, free of NUL and `..`, lies inside one of the two roots, and no
existing folder or file on the way from the root is a link. An existing file is replaced only
with an explicit `overwrite`. A link made between this check and the write is not caught: the
check keeps requests honest, the operating system's permissions remain the last word.

With exec closed nothing is saved where Python imports from: no file inside a folder on
`sys.path` (which holds the bridge's own package) and no Python module (`.py`, `.pth`, ...)
anywhere in the project folder, beside the project's `.toe` (a folder on the path makes
everything under it importable, namespace packages included).
"""

import os
import sys

import td

from .config import exec_allowed, export_dir
from .errors import BridgeError

# Files Python's import system or site.py reads as code.
PYTHON_EXTENSIONS = (".py", ".pyw", ".pyc", ".pyd", ".pth", ".so")


def allowed_roots():
    """The folders saves may go to: the project folder, and SVC_BRIDGE_EXPORT_DIR when set."""
    roots = []
    project_folder = getattr(getattr(td, "project", None), "folder", None)
    for root in (project_folder, export_dir()):
        if isinstance(root, str) and root and os.path.isabs(root) and os.path.isdir(root):
            roots.append(os.path.normpath(root))
    return roots


def _refuse(code, message):
    raise BridgeError(code, message, field="file_path")


def _root_of(path, roots):
    for root in roots:
        for form in (root, os.path.realpath(root)):
            if path == form or path.startswith(form.rstrip(os.sep) + os.sep):
                return form
    return None


def import_folders():
    """The folders Python imports from: every folder on sys.path ('' is the working folder), real paths."""
    folders = []
    for entry in list(sys.path):
        if not isinstance(entry, str):
            continue
        folder = os.path.realpath(entry or os.getcwd())
        if os.path.isdir(folder) and folder not in folders:
            folders.append(folder)
    return folders


def _inside(path, folder):
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def check_not_importable(path):
    """With exec closed, refuses a path Python would import from (see the module's docstring)."""
    if exec_allowed():
        return
    real = os.path.realpath(path)
    for folder in import_folders():
        if _inside(path, folder) or _inside(real, folder):
            _refuse("path_not_allowed", "%s is inside %s, a folder Python imports from (sys.path): saving there "
                    "is running code, which needs SVC_BRIDGE_ALLOW_EXEC" % (path[:300], folder[:300]))
    project_folder = getattr(getattr(td, "project", None), "folder", None)
    if os.path.splitext(path)[1].lower() in PYTHON_EXTENSIONS and isinstance(project_folder, str) and project_folder:
        for form in (os.path.normpath(project_folder), os.path.realpath(project_folder)):
            if _inside(path, form) or _inside(real, form):
                _refuse("path_not_allowed", "%s is a Python module in the project folder, where TouchDesigner's "
                        "Python may import it: that needs SVC_BRIDGE_ALLOW_EXEC" % path[:300])


def check_save_path(file_path, allowed_extensions, overwrite):
    """The normalised path to save to, or a BridgeError saying why not."""
    if "\x00" in file_path:
        _refuse("invalid_file_path", "'file_path' contains a NUL byte")
    if not os.path.isabs(file_path):
        _refuse("invalid_file_path", "'file_path' must be an absolute path")
    if ".." in file_path.replace("\\", "/").split("/"):
        _refuse("invalid_file_path", "'file_path' must not contain '..'")
    if os.path.splitext(file_path)[1].lower() not in allowed_extensions:
        _refuse("invalid_file_path", "'file_path' must end in %s" % ", ".join(allowed_extensions))
    path = os.path.normpath(file_path)
    roots = allowed_roots()
    root = _root_of(path, roots)
    if root is None:
        _refuse("path_not_allowed", "%s is outside the folders saves may go to (%s); set SVC_BRIDGE_EXPORT_DIR "
                "to allow another folder" % (path[:300], ", ".join(roots) or "none is set"))
    current = root
    for part in os.path.relpath(path, root).split(os.sep):
        current = os.path.join(current, part)
        if os.path.islink(current):
            _refuse("path_not_allowed", "%s is a link; saves never follow links" % current[:300])
        if not os.path.lexists(current):
            break
    check_not_importable(path)
    if os.path.lexists(path):
        if os.path.isdir(path) or not os.path.isfile(path):
            _refuse("invalid_file_path", "%s is a folder or not a regular file" % path[:300])
        if not overwrite:
            raise BridgeError("file_exists", "%s exists; send overwrite: true to replace it" % path[:300],
                              field="file_path")
    return path
