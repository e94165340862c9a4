/**
 * Tutorials, the learning path, cheatsheets, the prompt cookbook, the RayTK catalog and the prompt
 * registry (`svc://tutorials/{name}`, `learning/touchdesigner`, `cheatsheets`, `cookbook`,
 * `cookbook/{lang}`, `raytk/operators`, `prompts`). Read from kb/guide on first use.
 */
import { allPrompts } from "../prompts/all-prompts.js";
import { loadGuide, nearNames } from "../knowledge/guide-access.js";
import { json, ResourceNotFound, type FixedResource, type TemplatedResource } from "./registry.js";

export const tutorialsResource: TemplatedResource = {
  name: "tutorials",
  title: "Tutorials",
  description:
    "Step-by-step tutorials from a first network to shaders and performance. 'index' lists them; a name gives the steps with the patterns, techniques and recipes that show them.",
  mimeType: "application/json",
  template: "svc://tutorials/{name}",
  complete: { name: async () => ["index", ...(await loadGuide()).tutorials().map((t) => t.name)] },
  async read({ name = "" }) {
    const guide = await loadGuide();
    if (name === "index") {
      return json({
        tutorials: guide.tutorials().map((t) => ({ name: t.name, title: t.title, level: t.level, summary: t.summary })),
        more: "Read svc://tutorials/{name}; the order to take them in is svc://learning/touchdesigner.",
      });
    }
    const t = guide.getTutorial(name);
    if (!t) {
      const near = nearNames(
        guide.tutorials().map((x) => x.name),
        name,
      );
      throw new ResourceNotFound(
        `no tutorial '${name}'.${near.length ? ` Closest: ${near.join(", ")}.` : ""} List: svc://tutorials/index.`,
      );
    }
    return json({
      ...t,
      read: [
        ...t.patterns.map((p) => `svc://patterns/${p}`),
        ...t.techniques.map((x) => `svc://glsl/${x}`),
        ...t.recipes.map((r) => `svc://recipes/${r}`),
      ],
      more: "The next tutorials are on svc://learning/touchdesigner.",
    });
  },
};

export const learningPathResource: FixedResource = {
  name: "learning-path",
  title: "Learning path",
  description: "The order to learn TouchDesigner in with svc: stages with goals, tutorials and patterns to build.",
  mimeType: "application/json",
  uri: "svc://learning/touchdesigner",
  async read() {
    const guide = await loadGuide();
    const path = guide.learningPath();
    const titles = new Map(guide.tutorials().map((t) => [t.name, t.title]));
    return json({
      ...path,
      stages: path.stages.map((s, i) => ({
        stage: i + 1,
        ...s,
        tutorials: s.tutorials.map((t) => ({ name: t, title: titles.get(t), uri: `svc://tutorials/${t}` })),
        patterns: s.patterns.map((p) => `svc://patterns/${p}`),
      })),
      more: "Each tutorial lists the patterns and recipes to build; svc://cheatsheets holds the reminders.",
    });
  },
};

export const cheatsheetsResource: FixedResource = {
  name: "cheatsheets",
  title: "Cheatsheets",
  description:
    "Short reminders: .svcnet syntax, operator families, Python in expressions, GLSL TOP essentials, performance.",
  mimeType: "application/json",
  uri: "svc://cheatsheets",
  async read() {
    return json({
      cheatsheets: (await loadGuide()).cheatsheets(),
      more: "The full language reference is svc://language; tutorials at svc://tutorials/index.",
    });
  },
};

export const cookbookResource: FixedResource = {
  name: "cookbook",
  title: "Prompt cookbook",
  description: "Requests an artist can make and what svc uses to answer each; the languages it is written in.",
  mimeType: "application/json",
  uri: "svc://cookbook",
  async read() {
    const guide = await loadGuide();
    return json({
      languages: guide.COOKBOOK_LANGUAGES,
      count: guide.cookbook().length,
      entries: guide.cookbookIn("en").map((e) => ({ id: e.id, prompt: e.prompt })),
      more: `Read svc://cookbook/{${guide.COOKBOOK_LANGUAGES.join("|")}} for every prompt with its notes and what it uses.`,
    });
  },
};

export const cookbookLanguageResource: TemplatedResource = {
  name: "cookbook-language",
  title: "Prompt cookbook in one language",
  description:
    "Every cookbook prompt in English (en) or Portuguese (pt), with notes and the patterns, techniques and recipes it uses.",
  mimeType: "application/json",
  template: "svc://cookbook/{lang}",
  complete: { lang: async () => [...(await loadGuide()).COOKBOOK_LANGUAGES] },
  async read({ lang = "" }) {
    const guide = await loadGuide();
    const language = guide.COOKBOOK_LANGUAGES.find((l) => l === lang.toLowerCase());
    if (!language)
      throw new ResourceNotFound(`no cookbook in '${lang}'; languages: ${guide.COOKBOOK_LANGUAGES.join(", ")}`);
    return json({
      language,
      entries: guide.cookbookIn(language),
      more: "Patterns: svc://patterns/{name}; shaders: svc://glsl/{name}; recipes: svc://recipes/{name}.",
    });
  },
};

export const raytkResource: FixedResource = {
  name: "raytk-operators",
  title: "RayTK catalog",
  description:
    "What is known and not known about RayTK, the optional third-party ray-marching toolkit: its operators (ROPs) as far as cited sources name them.",
  mimeType: "application/json",
  uri: "svc://raytk/operators",
  async read() {
    return json({
      ...(await loadGuide()).raytk(),
      more: "RayTK operators are not TouchDesigner operator types: svc check cannot verify them. Without RayTK, the GLSL ray-marching techniques at svc://techniques/sdf-raymarching need no extension.",
    });
  },
};

export const promptsResource: FixedResource = {
  name: "prompts",
  title: "Prompt registry",
  description:
    "Every prompt svc has, its arguments and the tools it needs, and whether this server offers it (it does when every tool it needs is registered).",
  mimeType: "application/json",
  uri: "svc://prompts",
  async read(catalog) {
    const offered = new Set(catalog.prompts.map((p) => p.name));
    return json({
      prompts: allPrompts.map((p) => ({
        name: p.name,
        title: p.title ?? null,
        description: p.description,
        arguments: Object.keys(p.args),
        tools: [...p.requires],
        offered: offered.has(p.name),
      })),
      more: "Get one with prompts/get; svc://commands lists the tools.",
    });
  },
};
