"""run_host.py --exit-with-parent: a host whose starter dies without stopping it stops by itself."""

import os
import subprocess
import sys
import time
import unittest

HOST = os.path.join(os.path.dirname(__file__), "..", "..", "..", "bridge", "sim", "run_host.py")

# A starter that launches the host, waits until it listens, prints its pid and dies at once
# (os._exit skips every cleanup, like a runner killed by a timeout).
STARTER = r"""
import subprocess, sys
host = subprocess.Popen([sys.executable, sys.argv[1], "--port", "0"] + sys.argv[2:],
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
host.stdout.readline()
print(host.pid, flush=True)
import os; os._exit(0)
"""


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie awaiting its reaper counts as gone.
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def start(extra):
    out = subprocess.run([sys.executable, "-c", STARTER, os.path.abspath(HOST)] + extra,
                         capture_output=True, text=True, timeout=30)
    return int(out.stdout.strip())


class ExitWithParentTest(unittest.TestCase):
    def test_the_host_stops_when_its_starter_is_gone(self):
        pid = start(["--exit-with-parent"])
        deadline = time.time() + 10
        while alive(pid) and time.time() < deadline:
            time.sleep(0.1)
        self.assertFalse(alive(pid), "the host outlived the process that started it")

    def test_without_the_option_the_host_keeps_serving(self):
        pid = start([])
        try:
            time.sleep(1.5)
            self.assertTrue(alive(pid))
        finally:
            os.kill(pid, 15)


if __name__ == "__main__":
    unittest.main()
