/**
 * Shapes of the tutorials, learning path, cheatsheets, cookbook, class references, release knowledge,
 * compatibility entries and the RayTK catalog (kb/guide/data/*.yaml).
 */
import { z } from "zod";
import { Sources } from "./schema.js";

const Name = z.string().regex(/^[a-z0-9-]+$/);

export const Tutorial = z.object({
  name: Name,
  title: z.string().min(1),
  level: z.enum(["beginner", "intermediate", "advanced"]),
  summary: z.string().min(1),
  steps: z.array(z.string().min(1)).min(1),
  patterns: z.array(z.string()).default([]),
  techniques: z.array(z.string()).default([]),
  recipes: z.array(z.string()).default([]),
  sources: Sources,
});
export type Tutorial = z.infer<typeof Tutorial>;

export const LearningPath = z.object({
  name: Name,
  title: z.string().min(1),
  summary: z.string().min(1),
  stages: z
    .array(
      z.object({
        title: z.string().min(1),
        goal: z.string().min(1),
        tutorials: z.array(z.string()).default([]),
        patterns: z.array(z.string()).default([]),
      }),
    )
    .min(1),
});
export type LearningPath = z.infer<typeof LearningPath>;

export const TutorialsFile = z.object({
  version: z.literal(1),
  tutorials: z.array(Tutorial),
  learningPath: LearningPath,
});

export const Cheatsheet = z.object({
  name: Name,
  title: z.string().min(1),
  sources: Sources,
  items: z.array(z.object({ term: z.string().min(1), text: z.string().min(1) })).min(1),
});
export type Cheatsheet = z.infer<typeof Cheatsheet>;
export const CheatsheetsFile = z.object({ version: z.literal(1), cheatsheets: z.array(Cheatsheet) });

const CookbookText = z.object({ prompt: z.string().min(1), notes: z.string().min(1) });
export const CookbookEntry = z.object({
  id: Name,
  uses: z.object({
    patterns: z.array(z.string()).default([]),
    techniques: z.array(z.string()).default([]),
    recipes: z.array(z.string()).default([]),
  }),
  en: CookbookText,
  pt: CookbookText,
});
export type CookbookEntry = z.infer<typeof CookbookEntry>;
export const CookbookFile = z.object({ version: z.literal(1), entries: z.array(CookbookEntry) });
export const COOKBOOK_LANGUAGES = ["en", "pt"] as const;
export type CookbookLanguage = (typeof COOKBOOK_LANGUAGES)[number];

export const ClassReference = z.object({
  name: z.string().min(1),
  title: z.string().min(1),
  summary: z.string().min(1),
  sources: Sources,
  groups: z
    .array(z.object({ task: z.string().min(1), members: z.array(z.string()).min(1), note: z.string().optional() }))
    .min(1),
});
export type ClassReference = z.infer<typeof ClassReference>;
export const ClassReferencesFile = z.object({ version: z.literal(1), classes: z.array(ClassReference) });

export const PublishedProfile = z.object({
  id: z.string().min(1),
  kind: z.literal("published-build"),
  date: z.string().nullable(),
  build: z.string().min(1),
  notes: z.string().min(1),
  sources: Sources,
});
export type PublishedProfile = z.infer<typeof PublishedProfile>;

export const ExperimentalEntry = z.object({
  id: z.string().min(1),
  kind: z.enum(["series", "category"]),
  title: z.string().min(1),
  known: z.string().min(1),
  operators: z.array(z.string()).default([]),
  /** A release profile whose experimentalTypes list this entry's operators. */
  fromProfile: z.string().optional(),
  sources: Sources,
});
export type ExperimentalEntry = z.infer<typeof ExperimentalEntry>;
export const ReleasesGuideFile = z.object({
  version: z.literal(1),
  profiles: z.array(PublishedProfile),
  experimental: z.array(ExperimentalEntry),
});

export const OperatorCompat = z.object({
  operator: z.string().min(1),
  family: z.string().min(1),
  changes: z
    .array(
      z.object({
        kind: z.enum([
          "added",
          "not-in-newer-docs",
          "renamed",
          "merged",
          "experimental-namespace",
          "left-experimental",
          "parameters-only-in-older-docs",
        ]),
        text: z.string().min(1),
        replacement: z.string().optional(),
        formerly: z.string().optional(),
        parameters: z.array(z.string()).optional(),
      }),
    )
    .min(1),
  sources: Sources,
});
export type OperatorCompat = z.infer<typeof OperatorCompat>;
export const PythonCompat = z.object({
  class: z.string().min(1),
  membersOnlyInOlderDocs: z.array(z.string()).min(1),
  text: z.string().min(1),
  sources: Sources,
});
export type PythonCompat = z.infer<typeof PythonCompat>;
export const CompatFile = z.object({
  version: z.literal(1),
  generatedBy: z.string(),
  operators: z.array(OperatorCompat),
  python: z.array(PythonCompat),
});

export const RaytkFile = z.object({
  version: z.literal(1),
  name: z.string(),
  author: z.string(),
  homepage: z.string(),
  license: z.string(),
  known: z.array(z.string()).min(1),
  operators: z.array(z.object({ name: z.string(), category: z.string(), source: z.string() })),
  unknown: z.array(z.string()).min(1),
  sources: Sources,
});
export type RaytkFile = z.infer<typeof RaytkFile>;
