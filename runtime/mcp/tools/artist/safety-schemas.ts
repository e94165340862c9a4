/** Arguments and results of the safety chain tools (zod only: loaded at start-up). */
import { z } from "zod";
import { artistOutput, colour } from "./artist-schemas.js";

export const topPath = z
  .string()
  .regex(/^\/[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)+$/, "must be an absolute operator path, e.g. /project1/show/out1")
  .max(512);

export const safetyArgs = {
  colour: colour.default("#000000").describe("the flat colour every protected output shows during a panic"),
  still: topPath.optional().describe("a live TOP shown during a panic instead of the colour (a safe still)"),
  osc_port: z.number().int().min(1024).max(65535).optional().describe("arm the panic from OSC: an OSC In CHOP listens on this UDP port"),
  osc_address: z
    .string()
    .regex(/^\/[A-Za-z0-9_/]{1,63}$/)
    .default("/svc/panic")
    .describe("the OSC address whose value above 0 arms the panic"),
  key: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/)
    .optional()
    .describe("arm the panic from this key (Keyboard In CHOP key name, e.g. f12)"),
};

const guard = z.object({ output: z.string(), guard: z.string(), action: z.enum(["inserted", "kept"]) });
const outputReport = z.object({ output: z.string(), state: z.enum(["guarded", "unguarded", "missing"]), detail: z.string() });
export const panicReport = z.object({
  engage: z.boolean(),
  chains: z.array(z.object({ chain: z.string(), panic: z.boolean(), changed: z.boolean(), outputs: z.array(outputReport) })),
  unprotected: z.number(),
  searchComplete: z.boolean(),
});

export const safetyOutput = {
  ...artistOutput,
  protected: z.array(guard).describe("each protected output and its guard, wired now or already there"),
  panic: panicReport.nullable().describe("the panic state after the call, when engage was given"),
};
