"""The bridge's conformance suite: does the TouchDesigner it runs in do what svc relies on?

Each module of this package holds the checks of one concern; `all_checks()` lists them in the order
a run takes them (runner.py), and routes/conformance.py serves runs (`svc verify --live`).
"""

AREAS = ("build", "routes_core", "routes_editor", "undo", "sequences", "styles", "menus", "modes",
         "default_contents", "connectors", "dat", "cook", "safety", "exec", "webserver", "timing")


def all_checks():
    import importlib
    checks = []
    for area in AREAS:
        module = importlib.import_module("%s.checks_%s" % (__name__, area))
        checks.extend(module.checks())
    seen = set()
    for check in checks:
        if check.id in seen:
            raise ValueError("two conformance checks are named %s" % check.id)
        seen.add(check.id)
    return checks
