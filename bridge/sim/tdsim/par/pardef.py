"""Parameter definitions: the static description behind each scalar Par.

Built-in definitions come from the catalog and are shared by every operator of a type; custom
parameter definitions belong to one operator and can be edited through the Par members that
TouchDesigner lets scripts change on custom parameters only.
"""
from __future__ import annotations

from ..values import defaults, styles


class ParDef:
    __slots__ = ("name", "label", "style", "page_name", "default", "min", "max", "clamp_min",
                 "clamp_max", "norm_min", "norm_max", "menu_names", "menu_labels", "read_only",
                 "custom", "group_name", "vec_index", "size", "help", "enable", "order",
                 "start_section", "default_expr", "default_source", "sequence", "block_index",
                 "menu_source", "initial")

    def __init__(self, name, style, *, label=None, page_name=None, default=None, custom=False,
                 group_name=None, vec_index=0, size=1, menu_names=None, menu_labels=None,
                 min=None, max=None, clamp_min=None, clamp_max=None, read_only=False,
                 default_source=None):
        self.name = name
        self.label = label or name
        self.style = style
        self.page_name = page_name
        self.menu_names = tuple(menu_names) if menu_names is not None else None
        self.menu_labels = tuple(menu_labels) if menu_labels is not None else None
        if default is None:
            default = defaults.within_limits(defaults.fallback_default(style, self.menu_names),
                                             min, max, clamp_min, clamp_max)
            default_source = None
        self.default = default
        # What a new operator holds: the default, unless the build creates it with another value.
        self.initial = default
        self.default_source = default_source
        self.min = min
        self.max = max
        self.clamp_min = clamp_min
        self.clamp_max = clamp_max
        # ASSUMPTION: the slider range of a parameter without a known range is 0..1.
        self.norm_min = min if min is not None else 0.0
        self.norm_max = max if max is not None else 1.0
        self.read_only = read_only
        self.custom = custom
        self.group_name = group_name or name
        self.vec_index = vec_index
        self.size = size
        self.help = ""
        self.enable = True
        self.order = 0.0
        self.start_section = False
        self.default_expr = ""
        self.menu_source = ""  # Par.menuSource: an expression giving the menu (custom parameters)
        # Sequence block parameters: the sequence's name and the block; headers: the name, block None.
        self.sequence = None
        self.block_index = None


def _coerce_default(style, value, menu_names):
    if value is None:
        return None
    if style in styles.FLOAT_STYLES and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if style in styles.INT_STYLES and isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    if style in styles.BOOL_STYLES and isinstance(value, (bool, int)):
        return bool(value)
    return value


# Parameters that hold names although older kb data styles them as operator references: a shortcut
# is a word, not a path. The kb's curated overlay now says Str; this guard covers older data.
STRING_NOT_REFERENCE = frozenset({"opshortcut", "parentshortcut"})


def _style(spec):
    if spec.name in STRING_NOT_REFERENCE and spec.style in styles.OP_STYLES:
        return "Str"
    return spec.style


def builtin_defs(op_spec) -> list[list[ParDef]]:
    """ParDefs for an operator type, one list per catalog entry (tuplets give several)."""
    groups = []
    for spec in op_spec.params:
        names = spec.components or (spec.name,)
        style = _style(spec)
        group = []
        for i, scalar in enumerate(names):
            raw = defaults.catalog_default(spec, i if spec.components else None)
            source = spec.default_source if raw is not None else None
            if raw is None:
                raw = defaults.type_default(op_spec.type, scalar)
                source = "tdsim-assumption" if raw is not None else None
            group.append(ParDef(
                scalar, style,
                label=spec.label, page_name=spec.page,
                default=_coerce_default(style, raw, spec.menu_names),
                default_source=source,
                group_name=spec.name, vec_index=i, size=len(names),
                menu_names=spec.menu_names, menu_labels=spec.menu_labels,
                min=spec.min, max=spec.max, clamp_min=spec.clamp_min, clamp_max=spec.clamp_max,
                read_only=spec.read_only,
            ))
            if spec.has_creation_value and not spec.components:
                group[-1].initial = spec.creation_value
            if spec.sequence is not None or spec.is_sequence_header:
                group[-1].sequence = spec.sequence if spec.sequence is not None else spec.name
                group[-1].block_index = spec.block_index
        groups.append(group)
    return groups


_cache: dict[str, list[list[ParDef]]] = {}


def defs_for(op_spec) -> list[list[ParDef]]:
    got = _cache.get(op_spec.type)
    if got is None:
        got = _cache[op_spec.type] = builtin_defs(op_spec)
    return got
