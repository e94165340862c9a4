"""scripts/bridge-mutations finds every rollback branch, and its short list (run by npm test) exists."""

import os
import re
import subprocess
import sys
import unittest

from test.python.bridge import support

SCRIPT = os.path.join(support.ROOT, "scripts", "bridge-mutations")


def listed():
    out = subprocess.run([sys.executable, SCRIPT, "--list"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines() if "(" in line]


class MutationGuardTest(unittest.TestCase):
    def test_every_journal_record_is_a_mutation(self):
        package = os.path.join(support.BRIDGE, "svc_bridge")
        records = 0
        for folder, _dirs, files in os.walk(package):
            for name in files:
                if name.endswith(".py"):
                    records += len(re.findall(r"journal\.record\(", open(os.path.join(folder, name)).read()))
        undo = [i for i in listed() if re.search(r"/undo\d+$", i)]
        self.assertEqual(len(undo), records)

    def test_the_short_list_names_existing_mutations(self):
        with open(SCRIPT, encoding="utf-8") as fh:
            source = fh.read()
        entries = re.findall(r'^    "([^"]+)": "([^"]+)",$', source.split("SHORT = {", 1)[1].split("}", 1)[0], re.MULTILINE)
        short = [ident for ident, _test in entries]
        self.assertGreaterEqual(len(short), 4)
        self.assertTrue(set(short) <= set(listed()), set(short) - set(listed()))
        self.assertIn("params_write.restore_par/if1", short)  # the bind-master restore
        # Each names a test that exists, the one --short runs first.
        for _ident, test in entries:
            module, cls, name = test.split(".")
            with open(os.path.join(support.ROOT, "test", "python", "bridge", module + ".py"), encoding="utf-8") as fh:
                text = fh.read()
            self.assertIn("class %s(" % cls, text, test)
            self.assertIn("def %s(" % name, text, test)


if __name__ == "__main__":
    unittest.main()
