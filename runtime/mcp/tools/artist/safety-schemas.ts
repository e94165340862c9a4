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
  osc_port: z
    .number()
    .int()
    .min(1024)
    .max(65535)
    .optional()
    .describe("arm the panic from OSC: an OSC In CHOP listens on this UDP port"),
  osc_address: z
    .string()
    .regex(/^\/[A-Za-z0-9_/]{1,63}$/)
    .default("/svc/panic")
    .describe("the OSC address whose value above 0 arms the panic"),
  // The Keyboard In CHOP's documented keys are 0-9, A-Z and keypad 0-9 (keypad names are not
  // documented, so they are not offered): one key, a digit or a letter.
  key: z
    .string()
    .regex(/^[A-Za-z0-9]$/, "one key: a digit 0-9 or a letter A-Z (the keys a Keyboard In CHOP watches)")
    .optional()
    .describe("arm the panic from this key going down (a Keyboard In CHOP): a digit 0-9 or a letter A-Z"),
  midi: z
    .object({
      channel: z.number().int().min(1).max(16).default(1).describe("the MIDI channel, 1 to 16"),
      note: z.number().int().min(0).max(127).optional().describe("arm on this note going on"),
      controller: z.number().int().min(0).max(127).optional().describe("arm on this controller (CC) going above 0"),
      device: z
        .string()
        .regex(/^[A-Za-z0-9_ .-]{1,64}$/)
        .optional()
        .describe("the MIDI In CHOP's Device ID (default: the CHOP's own)"),
    })
    .strict()
    .refine(
      (m) => (m.note === undefined) !== (m.controller === undefined),
      "give exactly one of 'note' and 'controller'",
    )
    .optional()
    .describe("arm the panic from a MIDI note or controller (a MIDI In CHOP)"),
};

const guard = z.object({ output: z.string(), guard: z.string(), action: z.enum(["inserted", "kept"]) });
const outputReport = z.object({
  output: z.string(),
  state: z.enum(["guarded", "unguarded", "missing"]),
  detail: z.string(),
});
const panicReport = z.object({
  engage: z.boolean(),
  chains: z.array(
    z.object({ chain: z.string(), panic: z.boolean(), changed: z.boolean(), outputs: z.array(outputReport) }),
  ),
  unprotected: z.number(),
  searchComplete: z.boolean(),
});

export const safetyOutput = {
  ...artistOutput,
  protected: z.array(guard).describe("each protected output and its guard, wired now or already there"),
  panic: panicReport.nullable().describe("the panic state after the call, when engage was given"),
};
