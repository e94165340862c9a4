/**
 * Release and compatibility knowledge: `svc://compat/operators/{operator}`,
 * `svc://compat/python/{class_or_member}`, `svc://td-experimental/{series_or_category}` and
 * `svc://td-classes/{family}`. Differences between documentation snapshots are reported as such,
 * never as proven removals.
 */
import { FAMILIES } from "../../../kb/types.js";
import { didYouMean, loadKb, loadReleases, lookupOperator } from "../knowledge/kb-access.js";
import { loadGuide } from "../knowledge/guide-access.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

const INDEX = "index";
const MAX_LISTED = 60;

export const compatOperatorsResource: TemplatedResource = {
  name: "compat-operators",
  title: "Operator compatibility",
  description:
    "What changed for an operator between the documentation snapshots and real builds (added, renamed, merged, left Experimental, parameters only in older docs). 'index' lists the operators with entries.",
  mimeType: "application/json",
  template: "svc://compat/operators/{operator}",
  complete: { operator: async () => [INDEX, ...(await loadGuide()).operatorCompat().map((e) => e.operator)] },
  async read({ operator = "" }) {
    const guide = await loadGuide();
    if (operator === INDEX) {
      const all = guide.operatorCompat();
      const byKind: Record<string, string[]> = {};
      for (const e of all) for (const c of e.changes) (byKind[c.kind] ??= []).push(e.operator);
      return json({
        count: all.length,
        byKind: Object.fromEntries(
          Object.entries(byKind).map(([k, ops]) => [k, { count: ops.length, operators: ops.slice(0, MAX_LISTED) }]),
        ),
        more: "Read svc://compat/operators/{operator} for one entry; check_operator_availability asks the running build.",
      });
    }
    const kb = await loadKb();
    const found = lookupOperator(kb, operator);
    const type = found.found ? found.operator.type : (kb.typeForAlias(operator) ?? operator);
    const entry =
      guide.getOperatorCompat(type) ??
      guide.operatorCompat().find((e) => e.changes.some((c) => c.formerly === operator || e.operator === operator));
    if (entry)
      return json({
        ...entry,
        more: "The running build decides: check_operator_availability; releases at svc://td-versions/{version}.",
      });
    if (!found.found) throw new ResourceNotFound(`no operator '${operator}'.${didYouMean(found.suggestions)}`);
    return json({
      operator: type,
      changes: [],
      note: "documented the same way in both documentation snapshots (docs-2025-05, docs-2026-02); no rename or overlay correction is known",
      more: "svc://compat/operators/index lists the operators that did change.",
    });
  },
};

export const compatPythonResource: TemplatedResource = {
  name: "compat-python",
  title: "Python API compatibility",
  description:
    "Python classes whose documented members differ between the documentation snapshots; a class ('Par'), a member ('Par.isPar') or 'index'.",
  mimeType: "application/json",
  template: "svc://compat/python/{class_or_member}",
  complete: {
    class_or_member: async () => {
      const all = (await loadGuide()).pythonCompat();
      return [
        INDEX,
        ...all.map((e) => e.class),
        ...all.flatMap((e) => e.membersOnlyInOlderDocs.map((m) => `${e.class}.${m}`)),
      ];
    },
  },
  async read({ class_or_member: wanted = "" }) {
    const guide = await loadGuide();
    if (wanted === INDEX) {
      return json({ classes: guide.pythonCompat(), more: "Current members of a class: svc://python-api/{class}." });
    }
    const hit = guide.findPythonCompat(wanted);
    if (hit)
      return json({
        ...hit.entry,
        ...(hit.member ? { member: hit.member } : {}),
        more: `Current members: svc://python-api/${hit.entry.class}.`,
      });
    const kb = await loadKb();
    const cls = wanted.split(".")[0]!;
    if (kb.getPythonClass(cls)) {
      return json({
        class: cls,
        ...(wanted.includes(".") ? { member: wanted.split(".")[1] } : {}),
        changes: [],
        note: "no documented member differs between the two documentation snapshots",
        more: `Members: svc://python-api/${cls}; changed classes: svc://compat/python/index.`,
      });
    }
    throw new ResourceNotFound(
      `no Python class or changed member '${wanted}'. Changed classes: ${guide
        .pythonCompat()
        .map((e) => e.class)
        .join(", ")}.`,
    );
  },
};

export const tdExperimentalResource: TemplatedResource = {
  name: "td-experimental",
  title: "Experimental builds and categories",
  description:
    "Experimental build series and categories of operators documented as experimental, with what is known and its sources. 'index' lists them.",
  mimeType: "application/json",
  template: "svc://td-experimental/{series_or_category}",
  complete: { series_or_category: async () => [INDEX, ...(await loadGuide()).experimentalSeries().map((e) => e.id)] },
  async read({ series_or_category: id = "" }) {
    const guide = await loadGuide();
    if (id === INDEX) {
      return json({
        entries: guide.experimentalSeries().map((e) => ({ id: e.id, kind: e.kind, title: e.title })),
        more: "Read svc://td-experimental/{id}.",
      });
    }
    const entry = guide.getExperimental(id);
    if (!entry)
      throw new ResourceNotFound(
        `no experimental series or category '${id}'; known: ${guide
          .experimentalSeries()
          .map((e) => e.id)
          .join(", ")}`,
      );
    const fromProfile = entry.fromProfile
      ? ((await loadReleases()).getReleaseProfile(entry.fromProfile)?.experimentalTypes ?? [])
      : [];
    const operators = [...entry.operators, ...fromProfile];
    return json({
      ...entry,
      operators: operators.slice(0, MAX_LISTED),
      operatorCount: operators.length,
      more:
        operators.length > MAX_LISTED
          ? `First ${MAX_LISTED} listed; all are in svc://td-versions/${entry.fromProfile} (experimentalTypes).`
          : "Operator references: svc://operators/{type}.",
    });
  },
};

export const tdClassesResource: TemplatedResource = {
  name: "td-classes",
  title: "Python classes by family",
  description:
    "A family's Python class (TOP, CHOP, SOP, POP, DAT, MAT, COMP) or a general class with a reference (OP, Par): the members people use, grouped by task, and the operator classes of the family.",
  mimeType: "application/json",
  template: "svc://td-classes/{family}",
  complete: {
    family: async () => [...new Set([...FAMILIES, ...(await loadGuide()).classReferences().map((c) => c.name)])],
  },
  async read({ family = "" }) {
    const [kb, guide] = await Promise.all([loadKb(), loadGuide()]);
    const name = [...FAMILIES, ...guide.classReferences().map((c) => c.name)].find(
      (n) => n.toLowerCase() === family.toLowerCase(),
    );
    if (!name || !kb.getPythonClass(name)) {
      throw new ResourceNotFound(
        `no class family '${family}'; families: ${FAMILIES.join(", ")}; references: ${guide
          .classReferences()
          .map((c) => c.name)
          .join(", ")}`,
      );
    }
    const cls = kb.getPythonClass(name)!;
    const operatorClasses = (FAMILIES as readonly string[]).includes(name)
      ? kb.listFamilyEntries(name as (typeof FAMILIES)[number]).map((e) => e.type)
      : [];
    return json({
      class: name,
      inherits: cls.inherits,
      memberCount: kb.allMembers(name).length,
      reference: guide.getClassReference(name) ?? null,
      operatorClasses: operatorClasses.slice(0, MAX_LISTED),
      operatorClassCount: operatorClasses.length,
      more: `Every member with types and signatures: svc://python-api/${name}; an operator's own class: svc://python-api/{type}.`,
    });
  },
};

export const operatorExamplesResource: TemplatedResource = {
  name: "operator-examples",
  title: "Operator examples",
  description:
    "Where an operator is used in svc's workflow patterns and recipes: the line that declares it and the resource with the whole network.",
  mimeType: "application/json",
  template: "svc://operator-examples/{operator}",
  complete: { operator: async () => (await loadKb()).allOperatorEntries().map((e) => e.type) },
  async read({ operator = "" }) {
    const [kb, guide] = await Promise.all([loadKb(), loadGuide()]);
    const found = lookupOperator(kb, operator);
    if (!found.found) throw new ResourceNotFound(`no operator '${operator}'.${didYouMean(found.suggestions)}`);
    const type = found.operator.type;
    const { loadRecipeLibrary } = await import("../../recipes/catalog.js");
    const declares = new RegExp(`^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*:\\s*${type}\\b.*$`, "m");
    const examples = [
      ...guide.patterns().flatMap((p) => {
        const line = declares.exec(p.svcnet)?.[0].trim();
        return line
          ? [{ from: "pattern", name: p.name, summary: p.summary, line, uri: `svc://patterns/${p.name}` }]
          : [];
      }),
      ...(await loadRecipeLibrary()).recipes.flatMap((r) => {
        if (!r.uses.includes(type)) return [];
        const line = declares.exec(r.source)?.[0].trim() ?? null;
        return [{ from: "recipe", name: r.name, summary: r.summary, line, uri: `svc://recipes/${r.name}` }];
      }),
    ];
    const MAX = 12;
    return json({
      operator: type,
      label: `${found.operator.label} ${found.operator.family}`,
      count: examples.length,
      examples: examples.slice(0, MAX),
      more:
        examples.length > MAX
          ? `First ${MAX} of ${examples.length}. Reference: svc://operators/${type}.`
          : examples.length === 0
            ? `No pattern or recipe uses it yet. Reference: svc://operators/${type}; search: svc kb search.`
            : `Reference: svc://operators/${type}; what it connects to: svc://operator-connections/${type}.`,
    });
  },
};
