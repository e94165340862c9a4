import importlib.util
import os
import unittest

from test.python.bridge import support

_spec = importlib.util.spec_from_file_location(
    "bridge_fingerprint", os.path.join(support.ROOT, "scripts", "bridge_fingerprint.py"))
fp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fp)


class VersionFingerprintTest(unittest.TestCase):
    def test_fingerprint_matches_the_sources(self):
        version, recorded = fp.read_record()
        self.assertIsNotNone(recorded, "bridge/VERSION_FINGERPRINT is missing: run scripts/update-bridge-fingerprint")
        if recorded != fp.compute():
            self.fail("bridge files changed: bump BRIDGE_VERSION and run scripts/update-bridge-fingerprint")
        self.assertEqual(version, fp.current_version(),
                         "BRIDGE_VERSION changed without a new fingerprint: run scripts/update-bridge-fingerprint")

    def test_version_is_the_package_constant(self):
        from svc_bridge import BRIDGE_VERSION
        self.assertEqual(fp.current_version(), BRIDGE_VERSION)

    def test_fingerprint_covers_every_bridge_source(self):
        rel = [os.path.relpath(p, fp.BRIDGE).replace(os.sep, "/") for p in fp.source_files()]
        self.assertIn("svc_bridge/app.py", rel)
        self.assertIn("callbacks/webserver_callbacks.py", rel)
        self.assertFalse([p for p in rel if p.startswith("sim/")])


if __name__ == "__main__":
    unittest.main()
