/**
 * `svc://patterns/{name}` and the shader resources `svc://techniques/{category}`, `svc://glsl/{name}`,
 * `svc://glsl-snippets`: the workflow patterns and technique packs of kb/guide. Lists are one line per
 * entry; each body says where the full text is.
 */
import { loadGuide, nearNames } from "../knowledge/guide-access.js";
import { json, ResourceNotFound, type FixedResource, type TemplatedResource } from "./registry.js";

const INDEX = "index";

export const patternsResource: TemplatedResource = {
  name: "patterns",
  title: "Workflow patterns",
  description:
    "How TouchDesigner networks are usually built (feedback, instancing, audio, render, ui, data, performance), each with a .svcnet snippet that svc check passes. 'index' lists them; a category lists its patterns; a name gives one.",
  mimeType: "application/json",
  template: "svc://patterns/{name}",
  complete: {
    name: async () => {
      const all = (await loadGuide()).patterns();
      return [INDEX, ...new Set(all.map((p) => p.category)), ...all.map((p) => p.name)];
    },
  },
  async read({ name = "" }) {
    const guide = await loadGuide();
    const all = guide.patterns();
    const one = guide.getPattern(name);
    if (one) {
      return json({
        ...one,
        more: "Validate or apply the snippet with validate_network / apply tools; other patterns: svc://patterns/index.",
      });
    }
    const inCategory = name === INDEX ? all : all.filter((p) => p.category === name.toLowerCase());
    if (inCategory.length === 0) {
      const categories = [...new Set(all.map((p) => p.category))];
      throw new ResourceNotFound(
        `no pattern or category '${name}'. Categories: ${categories.join(", ")}.${
          nearNames(
            all.map((p) => p.name),
            name,
          ).map((n) => ` Did you mean '${n}'?`)[0] ?? ""
        } List: svc://patterns/index.`,
      );
    }
    return json({
      ...(name === INDEX ? {} : { category: name.toLowerCase() }),
      count: inCategory.length,
      patterns: inCategory.map((p) => ({ name: p.name, category: p.category, title: p.title, summary: p.summary })),
      more: "Read svc://patterns/{name} for the explanation, the .svcnet snippet and the sources.",
    });
  },
};

export const techniquesResource: TemplatedResource = {
  name: "techniques",
  title: "Shader technique packs",
  description:
    "GLSL technique packs (noise, SDF ray marching, colour, image effects, feedback simulation, 2D patterns, distortion). 'index' lists the packs; a pack id lists its techniques.",
  mimeType: "application/json",
  template: "svc://techniques/{category}",
  complete: { category: async () => [INDEX, ...(await loadGuide()).techniquePacks().map((p) => p.id)] },
  async read({ category = "" }) {
    const packs = (await loadGuide()).techniquePacks();
    if (category === INDEX) {
      return json({
        count: packs.length,
        techniques: packs.reduce((n, p) => n + p.techniques.length, 0),
        packs: packs.map((p) => ({
          id: p.id,
          title: p.title,
          summary: p.summary,
          techniques: p.techniques.map((t) => t.name),
        })),
        more: "Read svc://techniques/{id} for a pack, svc://glsl/{name} for a shader.",
      });
    }
    const pack = packs.find((p) => p.id === category.toLowerCase());
    if (!pack)
      throw new ResourceNotFound(`no technique pack '${category}'. Packs: ${packs.map((p) => p.id).join(", ")}.`);
    return json({
      id: pack.id,
      title: pack.title,
      summary: pack.summary,
      sources: pack.sources,
      techniques: pack.techniques.map((t) => ({
        name: t.name,
        title: t.title,
        summary: t.summary,
        body: t.body,
        inputs: t.inputs,
        uniforms: t.uniforms,
      })),
      more: "Read svc://glsl/{name} for a technique's shader and a .svcnet network that runs it.",
    });
  },
};

export const glslResource: TemplatedResource = {
  name: "glsl",
  title: "GLSL snippet",
  description:
    "One shader technique: the GLSL TOP pixel shader, its uniforms and inputs, and a .svcnet network that runs it (svc check compiles it).",
  mimeType: "application/json",
  template: "svc://glsl/{name}",
  complete: { name: async () => (await loadGuide()).techniques().map((t) => t.name) },
  async read({ name = "" }) {
    const guide = await loadGuide();
    const t = guide.getTechnique(name);
    if (!t) {
      const near = nearNames(
        guide.techniques().map((x) => x.name),
        name,
      );
      throw new ResourceNotFound(
        `no GLSL technique '${name}'.${near.length ? ` Closest: ${near.join(", ")}.` : ""} List: svc://glsl-snippets.`,
      );
    }
    return json({
      name: t.name,
      pack: t.pack,
      title: t.title,
      summary: t.summary,
      body: t.body,
      inputs: t.inputs,
      uniforms: t.uniforms,
      glsl: t.glsl,
      network: guide.techniqueNetwork(t),
      sources: t.allSources,
      more: `Other techniques of this pack: svc://techniques/${t.pack}; all: svc://glsl-snippets.`,
    });
  },
};

export const glslSnippetsResource: FixedResource = {
  name: "glsl-snippets",
  title: "GLSL snippet index",
  description: "Every shader technique in one line: name, pack, summary, inputs and uniforms.",
  mimeType: "application/json",
  uri: "svc://glsl-snippets",
  async read() {
    const all = (await loadGuide()).techniques();
    return json({
      count: all.length,
      snippets: all.map((t) => ({
        name: t.name,
        pack: t.pack,
        summary: t.summary,
        inputs: t.inputs,
        uniforms: t.uniforms.map((u) => u.name),
      })),
      more: "Read svc://glsl/{name} for the shader and a network that runs it.",
    });
  },
};
