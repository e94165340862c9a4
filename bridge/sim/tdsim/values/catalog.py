"""The operator catalog: the knowledge base files `kb/data/operators/<FAMILY>.json`.

tdsim knows an operator type only if the catalog has it; creating anything else fails as it does
in TouchDesigner. The files follow the shared KB data contract. They are found at
`<repo>/kb/data` (relative to this package) unless `TDSIM_KB_DIR` names another `data` folder.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

from .errors import tdError

FAMILIES = ("TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP")

# kb `inputs.max` uses this number for "as many as you like" (merge, composite, math...).
UNLIMITED_INPUTS = 9999


@dataclass(frozen=True)
class ParamSpec:
    """One catalog parameter entry (a tuplet is one entry with components)."""
    name: str
    label: str
    page: str | None
    style: str | None
    components: tuple[str, ...] = ()
    menu_names: tuple[str, ...] | None = None
    menu_labels: tuple[str, ...] | None = None
    default: object = None
    default_source: str | None = None
    min: float | None = None
    max: float | None = None
    clamp_min: bool | None = None
    clamp_max: bool | None = None
    read_only: bool = False
    is_sequence_header: bool = False
    # The sequence a block parameter belongs to and its block (kb `sequence`, `blockIndex`).
    sequence: str | None = None
    block_index: int | None = None
    # kb `creationValue`: what a new operator holds where the build reports another default.
    creation_value: object = None
    has_creation_value: bool = False


@dataclass(frozen=True)
class SequenceSpec:
    """A parameter sequence (kb `sequences`): blocks named <name><index><suffix>."""
    name: str
    # (suffix, block-0 parameter name, component suffixes or ()) per template entry.
    block_params: tuple[tuple[str, str, tuple[str, ...]], ...]
    default_blocks: int
    max_blocks: int | None = None


@dataclass(frozen=True)
class OperatorSpec:
    type: str
    family: str
    label: str
    inputs_min: int | None
    inputs_max: int | None
    outputs: int | None
    is_generator: bool | None
    pages: tuple[str, ...]
    params: tuple[ParamSpec, ...] = field(repr=False)
    sequences: tuple[SequenceSpec, ...] = field(default=(), repr=False)

    @property
    def short_name(self) -> str:
        """The type without its family suffix: 'noiseTOP' -> 'noise' (used for auto-naming)."""
        return self.type[: -len(self.family)] if self.type.endswith(self.family) else self.type


def default_kb_dir() -> str:
    override = os.environ.get("TDSIM_KB_DIR")
    if override:
        return override
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "..", "..", "kb", "data"))


def _param(entry: dict) -> ParamSpec:
    def tup(key):
        v = entry.get(key)
        return tuple(v) if isinstance(v, list) else None

    return ParamSpec(
        name=entry["name"],
        label=entry.get("label") or entry["name"],
        page=entry.get("page"),
        style=entry.get("style"),
        components=tuple(entry.get("components") or ()),
        menu_names=tup("menuNames"),
        menu_labels=tup("menuLabels"),
        default=entry.get("default"),
        default_source=entry.get("defaultSource"),
        min=entry.get("min"),
        max=entry.get("max"),
        clamp_min=entry.get("clampMin"),
        clamp_max=entry.get("clampMax"),
        read_only=bool(entry.get("readOnly")),
        is_sequence_header=bool(entry.get("isSequenceHeader")),
        sequence=entry.get("sequence"),
        block_index=entry.get("blockIndex"),
        creation_value=entry.get("creationValue"),
        has_creation_value="creationValue" in entry,
    )


def _sequence(entry: dict) -> SequenceSpec:
    blocks = entry.get("defaultBlocks")
    return SequenceSpec(
        name=entry["name"],
        block_params=tuple((t["suffix"], t["param"], tuple(t.get("componentSuffixes") or ()))
                           for t in entry.get("blockParams") or ()),
        # ASSUMPTION when the kb does not know: one block, as the docs pages show.
        default_blocks=1 if blocks is None else int(blocks),
        max_blocks=entry.get("maxBlocks"),
    )


def _operator(entry: dict) -> OperatorSpec:
    inputs = entry.get("inputs") or {}
    return OperatorSpec(
        type=entry["type"],
        family=entry["family"],
        label=entry.get("label") or entry["type"],
        inputs_min=inputs.get("min"),
        inputs_max=inputs.get("max"),
        outputs=entry.get("outputs"),
        is_generator=entry.get("isGenerator"),
        pages=tuple(entry.get("pages") or ()),
        params=tuple(_param(p) for p in entry.get("params") or ()),
        sequences=tuple(_sequence(q) for q in entry.get("sequences") or ()),
    )


class Catalog:
    def __init__(self, kb_dir: str | None = None):
        self.kb_dir = kb_dir or default_kb_dir()
        self._by_type: dict[str, OperatorSpec] = {}
        self._inherits: dict[str, tuple] | None = None
        self._by_family: dict[str, list[OperatorSpec]] = {f: [] for f in FAMILIES}
        folder = os.path.join(self.kb_dir, "operators")
        if not os.path.isdir(folder):
            raise FileNotFoundError(
                f"tdsim: operator catalog not found at {folder} (set TDSIM_KB_DIR to a kb data folder)")
        for family in FAMILIES:
            path = os.path.join(folder, f"{family}.json")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            for entry in data.get("operators", []):
                spec = _operator(entry)
                self._by_type[spec.type] = spec
                self._by_family.setdefault(spec.family, []).append(spec)

    def get(self, op_type: str) -> OperatorSpec | None:
        return self._by_type.get(op_type)

    def inherits(self, op_type: str) -> tuple:
        """The documented base classes of an operator class (`ObjectCOMP`, `PanelCOMP`, ...)."""
        if self._inherits is None:
            self._inherits = {}
            path = os.path.join(self.kb_dir, "python-classes.json")
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    classes = json.load(f).get("classes") or {}
                for name, entry in (classes.items() if isinstance(classes, dict) else ()):
                    self._inherits[name] = tuple(entry.get("inherits") or ())
        return self._inherits.get(op_type, ())

    def types(self, family: str | None = None) -> list[str]:
        if family is None:
            return list(self._by_type)
        return [s.type for s in self._by_family.get(family, [])]

    def __contains__(self, op_type: str) -> bool:
        return op_type in self._by_type

    def __len__(self) -> int:
        return len(self._by_type)


def type_name(op_type) -> str:
    """An operator type given as a type class (td.noiseTOP), or as its OPType string."""
    if isinstance(op_type, str):
        return op_type
    name = getattr(op_type, "OPType", None)
    if isinstance(name, str):
        return name
    raise tdError(f"Invalid operator type: {op_type!r}")


_catalog: Catalog | None = None


def catalog() -> Catalog:
    """The process-wide catalog, loaded on first use."""
    global _catalog
    if _catalog is None:
        _catalog = Catalog()
    return _catalog
