"""The Web Server DAT callbacks template: how it finds the svc_bridge package next to it."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from test.python.bridge import support

CALLBACKS = os.path.join(support.BRIDGE, "callbacks", "webserver_callbacks.py")

# Loads the callbacks file twice in one fresh interpreter, as TouchDesigner reloads a DAT's
# module: first with the staged folder as it is, then after the package has been completed.
LOADER = r"""
import json, os, shutil, sys
folder, package = sys.argv[1], sys.argv[2]
path = os.path.join(folder, "callbacks", "webserver_callbacks.py")
def load():
    module = {"__name__": "callbacks", "__file__": path}
    try:
        exec(compile(open(path).read(), path, "exec"), module)
    except ImportError as exc:
        return {"error": str(exc), "cached": "svc_bridge" in sys.modules}
    return {"handle": hasattr(module["svc_bridge"], "handle"), "file": module["svc_bridge"].__file__}
first = load()
os.rmdir(os.path.join(folder, "svc_bridge"))
shutil.copytree(package, os.path.join(folder, "svc_bridge"))
print(json.dumps({"first": first, "second": load()}))
"""


class CallbacksImportTest(unittest.TestCase):
    def test_a_half_copied_package_is_not_kept(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder, True)
        os.makedirs(os.path.join(folder, "callbacks"))
        shutil.copy(CALLBACKS, os.path.join(folder, "callbacks"))
        os.makedirs(os.path.join(folder, "svc_bridge"))  # the folder exists, __init__.py not yet
        # -I: no user site or PYTHONPATH, and not the current folder, so only the staged folder counts.
        out = subprocess.run([sys.executable, "-I", "-c", LOADER, folder, os.path.join(support.BRIDGE, "svc_bridge")],
                             capture_output=True, text=True, cwd=folder, timeout=60)
        self.assertEqual(out.returncode, 0, out.stderr)
        result = json.loads(out.stdout.strip().splitlines()[-1])
        self.assertIn("incomplete (no __init__.py)", result["first"]["error"])
        self.assertFalse(result["first"]["cached"])
        self.assertTrue(result["second"]["handle"])
        self.assertEqual(result["second"]["file"], os.path.join(folder, "svc_bridge", "__init__.py"))


if __name__ == "__main__":
    unittest.main()
