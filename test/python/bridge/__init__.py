"""The bridge's tests. Importing the package puts bridge/ and bridge/sim on the import path, where
svc_bridge, td and tdsim are."""
import os
import sys

BRIDGE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "bridge"))
for _path in (BRIDGE, os.path.join(BRIDGE, "sim")):
    if _path not in sys.path:
        sys.path.insert(0, _path)
