"""Finding operators in the live project, with the checks every route shares.

Paths are absolute and made of plain name segments: `op()` also accepts patterns (`*`, `?`,
`[..]`), and a path must never match some other node by accident.
"""

import re

import td

from . import config
from .errors import BridgeError

PATH_RE = re.compile(r"^/(?:[A-Za-z0-9_]+(?:/[A-Za-z0-9_]+)*)?$")
NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
TYPE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
FAMILIES = ("TOP", "CHOP", "SOP", "DAT", "MAT", "COMP", "POP")


def check_path(path, field="path"):
    if not isinstance(path, str):
        raise BridgeError("invalid_field", "'%s' must be a string path" % field, field=field)
    if len(path) > config.MAX_PATH_LENGTH:
        raise BridgeError("invalid_path", "'%s' is %d characters; a path has at most %d"
                          % (field, len(path), config.MAX_PATH_LENGTH), field=field)
    if not PATH_RE.match(path):
        raise BridgeError("invalid_path",
                          "'%s' must be an absolute operator path such as /project1/noise1 (no trailing slash), not %r"
                          % (field, path[:200]), field=field)
    return path


def find_op(path, field="path"):
    check_path(path, field)
    return td.root if path == "/" else td.op(path)


def require_op(path, field="path"):
    node = find_op(path, field)
    if node is None:
        raise BridgeError("node_not_found", "no operator at %s" % path, path=path)
    return node


def require_comp(path, field="path"):
    node = require_op(path, field)
    if not node.isCOMP:
        raise BridgeError("not_a_comp", "%s is a %s, not a COMP" % (path, node.OPType), path=path)
    return node


def require_dat(path, field="path"):
    node = require_op(path, field)
    if not node.isDAT:
        raise BridgeError("not_a_dat", "%s is a %s, not a DAT" % (path, node.OPType), path=path)
    return node


def require_top(path, field="path"):
    node = require_op(path, field)
    if not node.isTOP:
        raise BridgeError("not_a_top", "%s is a %s, not a TOP" % (path, node.OPType), path=path)
    return node


def check_name(name, field="name"):
    if isinstance(name, str) and len(name) > config.MAX_NAME_LENGTH:
        raise BridgeError("invalid_name", "'%s' is %d characters; a name has at most %d"
                          % (field, len(name), config.MAX_NAME_LENGTH), field=field, limit=config.MAX_NAME_LENGTH)
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise BridgeError("invalid_name", "'%s' must be letters, digits and underscores, not starting with a digit"
                          % field, field=field)
    return name


def resolve_op_type(type_name, field="type"):
    """The td operator class for a type name such as 'noiseTOP'."""
    if not isinstance(type_name, str):
        raise BridgeError("invalid_field", "'%s' must be a string" % field, field=field)
    if not TYPE_RE.match(type_name):
        raise BridgeError("invalid_op_type", "operator type %r does not match [A-Za-z][A-Za-z0-9_]*"
                          % type_name[:100], field=field)
    if type_name in FAMILIES or type_name == "OP" or not type_name.endswith(FAMILIES):
        raise BridgeError("unknown_op_type", "%r is not an operator type (a type such as noiseTOP: a name, then a "
                          "family: %s)" % (type_name[:100], ", ".join(FAMILIES)), field=field)
    cls = getattr(td, type_name, None)
    if not isinstance(cls, type):
        raise BridgeError("unknown_op_type", "this build has no operator type %r" % type_name, field=field)
    return cls


def family_of(node):
    return str(node.family)


def child_named(parent, name):
    """The direct child of that name, or None (name is already checked: no pattern characters)."""
    found = parent.op(name)
    if found is not None and found.parent() is not None and found.parent().path == parent.path:
        return found
    return None
