/**
 * Shapes of the hand-written guidance content (kb/guide/data/*.yaml). Every entry names the pages or
 * facts it rests on (`sources`); the loader refuses a file that does not match, naming the entry.
 */
import { z } from "zod";

/** URLs of documentation pages, or `td-facts:<file>` for the facts the kb is generated from. */
export const Sources = z.array(z.string().min(1)).min(1);

export const Pattern = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  category: z.enum(["feedback", "instancing", "audio", "render", "ui", "data", "performance"]),
  summary: z.string().min(1),
  body: z.string().min(1),
  /** Operator types the snippet uses (checked against the kb). */
  operators: z.array(z.string()).min(1),
  sources: Sources,
  /** A whole `.svcnet` file that `svc check` passes. */
  svcnet: z.string().min(1),
});
export type Pattern = z.infer<typeof Pattern>;

export const PatternsFile = z.object({ version: z.literal(1), patterns: z.array(Pattern) });

/** A float uniform fed from one block of the GLSL TOP's Vectors page; `time` is absTime.seconds. */
export const Uniform = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  value: z.union([z.number(), z.literal("time")]),
});
export type Uniform = z.infer<typeof Uniform>;

export const Technique = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  summary: z.string().min(1),
  body: z.string().min(1),
  /** Wired inputs: 0 none, 1 a source image, 2 a source and the shader's own previous frame (Feedback TOP). */
  inputs: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  uniforms: z.array(Uniform).default([]),
  /** Extra sources beyond the pack's. */
  sources: z.array(z.string().min(1)).default([]),
  /** A whole GLSL TOP pixel shader. */
  glsl: z.string().min(1),
});
export type Technique = z.infer<typeof Technique>;

export const TechniquePack = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  summary: z.string().min(1),
  sources: Sources,
  techniques: z.array(Technique).min(1),
});
export type TechniquePack = z.infer<typeof TechniquePack>;

export const TechniquesFile = z.object({ version: z.literal(1), packs: z.array(TechniquePack) });
