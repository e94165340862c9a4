"""bridge/README.md documents every error code and every route the bridge serves."""

import os
import re
import unittest

from test.python.bridge import support
from svc_bridge.errors import CODES
from svc_bridge.routes import build_router

README = open(os.path.join(support.BRIDGE, "README.md"), encoding="utf-8").read()


def _readme_pattern(pattern):
    """Router pattern -> README spelling: {path:path} is written {path}."""
    return re.sub(r"\{(\w+):path\}", r"{\1}", pattern)


class ReadmeTest(unittest.TestCase):
    def test_every_error_code_is_documented_with_its_status(self):
        for code, (status, _) in CODES.items():
            self.assertRegex(README, r"\| `%s` \| %d \|" % (code, status), code)

    def test_every_route_is_documented(self):
        rows = set()
        for line in README.splitlines():
            match = re.match(r"\| (GET|POST|PATCH|PUT|DELETE)(?: \*\*M\*\*)? \| ([^ |?]+)", line)
            if match:
                rows.add((match.group(1), match.group(2)))
        for route in build_router().routes:
            self.assertIn((route.method, _readme_pattern(route.pattern)), rows, "%s %s" % (route.method, route.pattern))

    def test_mutating_routes_are_marked(self):
        for route in build_router().routes:
            if route.mutating:
                self.assertIn("| %s **M** | %s" % (route.method, _readme_pattern(route.pattern)), README, route.pattern)


if __name__ == "__main__":
    unittest.main()
