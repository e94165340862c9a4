"""The bridge's source fingerprint: sha256 over its Python files and the data tables they read
(`*.py` and `*.json` of svc_bridge/ and callbacks/).

bridge/VERSION_FINGERPRINT records the BRIDGE_VERSION and the fingerprint it was made for. A
test recomputes it, so a change to the bridge without a version bump fails the suite.
"""

import hashlib
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BRIDGE = os.path.join(ROOT, "bridge")
SOURCE_DIRS = ("svc_bridge", "callbacks")
RECORD = os.path.join(BRIDGE, "VERSION_FINGERPRINT")


def source_files():
    files = []
    for top in SOURCE_DIRS:
        for folder, dirs, names in os.walk(os.path.join(BRIDGE, top)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            files.extend(os.path.join(folder, n) for n in names if n.endswith((".py", ".json")))
    return sorted(files, key=lambda p: os.path.relpath(p, BRIDGE).replace(os.sep, "/"))


def compute():
    digest = hashlib.sha256()
    for path in source_files():
        rel = os.path.relpath(path, BRIDGE).replace(os.sep, "/")
        with open(path, "rb") as handle:
            content = handle.read().replace(b"\r\n", b"\n")
        digest.update(rel.encode("utf-8") + b"\0" + str(len(content)).encode("ascii") + b"\0" + content)
    return digest.hexdigest()


def current_version():
    with open(os.path.join(BRIDGE, "svc_bridge", "version.py"), encoding="utf-8") as handle:
        match = re.search(r'^BRIDGE_VERSION\s*=\s*["\']([^"\']+)["\']', handle.read(), re.M)
    if not match:
        raise SystemExit("BRIDGE_VERSION is not defined in bridge/svc_bridge/version.py")
    return match.group(1)


def read_record():
    """(version, fingerprint) from bridge/VERSION_FINGERPRINT, or (None, None)."""
    if not os.path.exists(RECORD):
        return None, None
    fields = {}
    with open(RECORD, encoding="utf-8") as handle:
        for line in handle:
            key, _, value = line.strip().partition(" ")
            fields[key] = value.strip()
    return fields.get("version"), fields.get("sha256")


def write_record(version, fingerprint):
    with open(RECORD, "w", encoding="utf-8") as handle:
        handle.write("version %s\nsha256 %s\n" % (version, fingerprint))
