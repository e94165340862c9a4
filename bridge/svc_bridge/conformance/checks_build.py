"""The build the report names: TouchDesigner's App class as the bridge reads it (App Class)."""

import sys

import td

from .registry import Area, expect, passed, require

area = Area("build")
checks = area.checks


def _text_member(name, pattern_ok):
    def run(ctx):
        value = getattr(td.app, name)
        text = str(value)
        require(pattern_ok(text), "app.%s readable as text" % name, value)
        return passed({"app.%s" % name: text})
    return run


area.add("app_version", "app.version reads as a year (the build's release line)",
         _text_member("version", lambda t: t[:4].isdigit()))
area.add("app_build", "app.build reads as a whole number", _text_member("build", lambda t: t.strip().isdigit()))
area.add("app_os_name", "app.osName names the OS", _text_member("osName", lambda t: bool(t.strip())))
area.add("app_os_version", "app.osVersion is readable", _text_member("osVersion", lambda t: True))
area.add("app_product", "app.product is readable", _text_member("product", lambda t: True))


@area.check("python", "the bridge runs on Python 3.9 or newer (its code uses nothing newer)")
def _python(ctx):
    require(sys.version_info >= (3, 9), ">= 3.9", sys.version.split()[0])
    return passed({"python": sys.version.split()[0]})


@area.check("info_td_version", "GET /api/info's td_version is app.version and app.build")
def _info(ctx):
    data = ctx.client.ok("GET", "/api/info")
    version, build = str(td.app.version), str(td.app.build)
    expect(version + "." + build if build not in version else version, data["td_version"])
    return passed({"td_version": data["td_version"], "product": data.get("product")})


@area.check("op_type_member", "OP.OPType names the operator's type as svc writes it (noiseTOP)")
def _op_type(ctx):
    node = ctx.make("noiseTOP")
    expect("noiseTOP", node.OPType, "OP.OPType")
    documented = {}
    for name in ("opType", "type"):
        try:
            documented[name] = str(getattr(node, name))
        except Exception as exc:
            documented[name] = "unreadable: %s" % type(exc).__name__
    return passed({"OPType": node.OPType, "documented": documented})
