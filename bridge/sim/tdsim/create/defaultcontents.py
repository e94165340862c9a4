"""What some COMPs hold when a script creates them, as a new TouchDesigner operator does.

A new Geometry COMP holds a Torus SOP with its display and render flags on (what a new Geometry
COMP shows in TouchDesigner; the documentation says only that the COMP "contains a network
containing SOPs", and a tutorial, matthewragan.com "TouchDesigner | The Underlying Geometry",
that "the default Geometry COMP contains a torus": name and flags UNVERIFIED). A new Animation COMP holds the tables its keyframe
editor reads and a Keyframe CHOP wired to an Out CHOP, so the COMP has a CHOP output (names
UNVERIFIED). A new Light COMP holds SOPs: the COMP Class page says of `create(initialize=True)` that
"the Light COMP initializes a network inside itself of SOPs"; which SOPs is not documented, so tdsim
makes one Sphere SOP `sphere1` with its display and render flags off (a light is not rendered as a
surface): type, name and flags are tdsim's choice, UNVERIFIED. Camera COMPs: no page says they
initialize anything, and tdsim adds nothing (UNVERIFIED). To check both, run
`[(c.OPType, c.name) for c in op('/project1').create(lightCOMP).children]` and the same for
cameraCOMP in a real build's textport, and list what it prints here.

They are what the initialization script makes, so `create(..., initialize=False)` gives an empty
COMP. Only `COMP.create()` adds them: copies, .tox files and the state file bring their own children.
"""

# op type -> [(child type, name, flags, input source name)]
DEFAULT_CONTENTS = {
    "geometryCOMP": [("torusSOP", "torus1", ("display", "render"), None)],
    "animationCOMP": [
        ("tableDAT", "channels", (), None),
        ("tableDAT", "keys", (), None),
        ("tableDAT", "graph", (), None),
        ("tableDAT", "attributes", (), None),
        ("keyframeCHOP", "keyframe1", (), None),
        ("outCHOP", "out1", (), "keyframe1"),
    ],
    "lightCOMP": [("sphereSOP", "sphere1", (), None)],
}


def add_default_contents(comp, instantiate):
    """Make comp's default children with instantiate(parent, type, name, exact_name)."""
    made = {}
    for child_type, name, flags, source in DEFAULT_CONTENTS.get(comp.OPType, ()):
        child = instantiate(comp, child_type, name, True)
        for flag in flags:
            child._flags[flag] = True
        if source is not None:
            child._set_input_raw(0, (made[source], 0))
        made[name] = child
    return list(made.values())
