/** Arguments and results of manage_cue and create_macro (zod only: loaded at start-up). */
import { z } from "zod";
import { topPath } from "./safety-schemas.js";

export const engineName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)
  .default("cues")
  .describe("the cue engine's network: the COMP at /project1/<network>");

export const showName = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, "letters, digits, '_', '.', '-'; at most 64");

export const valueInput = z.object({
  path: topPath.describe("the operator"),
  parameter: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)
    .describe("its parameter's name"),
  value: z
    .union([
      z.number(),
      z.boolean(),
      z
        .string()
        .max(500)
        .regex(/^[^\t\r\n]*$/, "one line, no tabs"),
    ])
    .optional()
    .describe("the value; absent: the parameter's live value now (a snapshot)"),
});

const cue = z.object({
  name: z.string(),
  fade: z.number(),
  values: z.array(
    z.object({ path: z.string(), par: z.string(), kind: z.enum(["num", "int", "str"]), value: z.string() }),
  ),
});

export const cueOutput = {
  network: z.string(),
  action: z.string(),
  cues: z.array(cue).describe("every cue of the engine after the call"),
  macros: z.array(z.object({ name: z.string(), steps: z.number(), seconds: z.number() })),
  setlist: z
    .array(z.object({ cue: z.string(), duration: z.number() }))
    .describe("the setlist's scenes in order (duration 0: until Next)"),
  scene: z.number().describe("the setlist row playing, 0 when stopped"),
  current: z.string().describe("the cue fired last"),
  fading: z.boolean().describe("a fade was running when read"),
  fired: z.string().nullable().describe("the cue or macro this call fired"),
  applied: z.boolean().describe("the engine's network was changed"),
  source: z.string().nullable().describe("the engine's .svcnet when it was applied"),
  errors: z.number(),
};
