"""POST /api/project/save: Save, or Save As; replacing an existing file needs the artist's Overwrite.

Save As goes where node saves may go (save_path.py: the project folder or SVC_BRIDGE_EXPORT_DIR,
no links, no `..`) and only to a `.toe`. An existing file is replaced only with an `interaction_id`
the artist answered Overwrite (broker.py), used once for that very path. A successful save sends
`project.saved` on the event stream.
"""

import os

import td

from .. import broker, events
from ..body import get_str
from ..errors import BridgeError
from ..save_path import check_save_path


def save(ctx):
    body = ctx.body
    for key in body:
        if key not in ("file_path", "interaction_id"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: file_path, interaction_id" % key, field=key)
    file_path = get_str(body, "file_path", allow_empty=False)
    interaction = get_str(body, "interaction_id", allow_empty=False)
    if file_path is None:
        if interaction is not None:
            raise BridgeError("invalid_field", "'interaction_id' authorizes replacing a Save As target; a Save "
                              "writes the project's own file", field="interaction_id")
        return _save(None)
    try:
        path = check_save_path(file_path, (".toe",), overwrite=False)
    except BridgeError as err:
        if err.code != "file_exists":
            raise
        if interaction is None:
            raise BridgeError("file_exists", "%s exists; replacing it needs the artist's Overwrite: ask with POST "
                              "/api/interactions (kind file_overwrite) and send its id as interaction_id"
                              % os.path.normpath(file_path)[:300], field="file_path")
        path = check_save_path(file_path, (".toe",), overwrite=True)
        if broker.consume(interaction, "file_overwrite", path) != "Overwrite":
            raise BridgeError("save_kept", "%s was kept: the artist did not choose Overwrite" % path[:300],
                              field="file_path", decision="Keep")
    return _save(path)


def _save(path):
    project = td.project
    try:
        result = project.save(path) if path is not None else project.save()
    except Exception as exc:
        raise BridgeError("save_failed", "cannot save the project%s: %s" % (" to %s" % path if path else "", exc))
    if result is False:
        raise BridgeError("save_failed", "the environment reported that the project was not saved")
    data = {"save_as": path is not None, "file_path": path, "name": str(getattr(project, "name", "")),
            "folder": str(getattr(project, "folder", ""))}
    if path is not None and not os.path.isfile(path):
        raise BridgeError("save_failed", "saving reported success but %s does not exist" % path[:300])
    events.emit("project.saved", {"file_path": path, "save_as": path is not None, "name": data["name"]})
    return data


def register(router):
    router.add("POST", "/api/project/save", save)
