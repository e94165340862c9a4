"""COMPs that TouchDesigner fills when they are made, and which of those contents the bridge keeps.

A COMP svc creates holds what its network says, so the bridge empties a new COMP of what
TouchDesigner put in it; except where those contents are what makes the COMP work. An Animation
COMP "contains a pre-defined network utilizing a Keyframe CHOP and a number of Table DATs to define
the animated CHOP channels" (https://docs.derivative.ca/Animation_COMP): without it the COMP has no
channels, no keys and no CHOP output. Such contents are TouchDesigner's, not svc's: never tagged,
and the plan and the export do not read below a COMP that keeps them (the state read marks it
`keeps_contents`). A Geometry COMP's torus is a placeholder shape the source replaces, and a Light
COMP's SOPs are its viewport gizmo (COMP Class, `create(initialize=True)`; UNVERIFIED which): both
are removed as before. The table in bridge/README.md ("Default contents") lists every type.
"""

# op type -> why its default contents stay
KEEPS_CONTENTS = {
    "animationCOMP": "its keyframe network (Keyframe CHOP, channels/keys/graph/attributes Table DATs, Out CHOP) "
                     "is the animation and the COMP's CHOP output",
}


def keeps_contents(node):
    return bool(getattr(node, "isCOMP", False)) and node.OPType in KEEPS_CONTENTS


def remove_default_contents(node):
    """Empties a COMP just created, unless what TouchDesigner put in it makes it work (KEEPS_CONTENTS)."""
    if keeps_contents(node):
        return
    for child in list(node.children):
        child.destroy()
