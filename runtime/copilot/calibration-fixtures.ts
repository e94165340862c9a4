/**
 * The synthetic cases `svc copilot-calibrate` puts to a model. The tools here are fixtures: they are
 * offered to the model and never run, so a calibration touches no project. Each case checks one
 * thing the copilot relies on: calling the one right tool with the right arguments, calling none when
 * none is asked for, answering a plan as JSON of a given shape (plan_visual's `planner: "llm"`), and
 * reading a picture (the vision tools). Change a case and FIXTURES_VERSION changes with it, so
 * decisions cached against the old cases are not reused.
 */
import { encodePng } from "../image/png-encode.js";
import type { ToolCall, ToolSpec } from "./ollama-wire.js";

export const FIXTURES_VERSION = 1;

export type Expectation =
  | { kind: "call"; tool: string; arguments: Record<string, unknown> }
  | { kind: "no-call" }
  | { kind: "json"; tool: string; arguments: Record<string, unknown> }
  | { kind: "says"; pattern: RegExp };

export type Capability = "tool-calls" | "restraint" | "json-plans" | "vision";

export interface CalibrationCase {
  id: string;
  capability: Capability;
  prompt: string;
  tools: ToolSpec[];
  format?: Record<string, unknown>;
  /** Base64 PNGs sent with the prompt (to the vision model). */
  images?: string[];
  expect: Expectation;
}

const setLevel: ToolSpec = {
  name: "fixture_set_level",
  description: "Set the master output level of the show (0 is black, 1 is full).",
  parameters: {
    type: "object",
    properties: { level: { type: "number", minimum: 0, maximum: 1 } },
    required: ["level"],
  },
};
const pickPalette: ToolSpec = {
  name: "fixture_pick_palette",
  description: "Switch the colour palette every look uses.",
  parameters: {
    type: "object",
    properties: { name: { type: "string", enum: ["ember", "ocean", "forest"] } },
    required: ["name"],
  },
};
const readFps: ToolSpec = {
  name: "fixture_read_fps",
  description: "Read the frame rate the show is running at now.",
  parameters: { type: "object", properties: {} },
};
const TOOLS = [setLevel, pickPalette, readFps];

/** A 32x32 picture of one flat colour: what the vision case asks about. */
function flatPng(r: number, g: number, b: number): string {
  const rgba = new Uint8Array(32 * 32 * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([r, g, b, 255], i);
  return encodePng(32, 32, rgba).toString("base64");
}

export function calibrationCases(withVision: boolean): CalibrationCase[] {
  const cases: CalibrationCase[] = [
    {
      id: "one-call",
      capability: "tool-calls",
      prompt: "Set the master level to 0.25.",
      tools: TOOLS,
      expect: { kind: "call", tool: "fixture_set_level", arguments: { level: 0.25 } },
    },
    {
      id: "choose-tool",
      capability: "tool-calls",
      prompt: "Switch the palette to ocean.",
      tools: TOOLS,
      expect: { kind: "call", tool: "fixture_pick_palette", arguments: { name: "ocean" } },
    },
    {
      id: "no-arguments",
      capability: "tool-calls",
      prompt: "What frame rate is the show running at? Check it.",
      tools: TOOLS,
      expect: { kind: "call", tool: "fixture_read_fps", arguments: {} },
    },
    {
      id: "no-call",
      capability: "restraint",
      prompt: "Reply with the single word ready. Do not call any tool.",
      tools: TOOLS,
      expect: { kind: "no-call" },
    },
    {
      id: "json-plan",
      capability: "json-plans",
      prompt:
        'Plan one call: the glow look at intensity 0.7. Answer with JSON {"tool": ..., "arguments": {...}} naming fixture_glow or fixture_blur.',
      tools: [],
      format: {
        type: "object",
        properties: { tool: { type: "string", enum: ["fixture_glow", "fixture_blur"] }, arguments: { type: "object" } },
        required: ["tool", "arguments"],
      },
      expect: { kind: "json", tool: "fixture_glow", arguments: { intensity: 0.7 } },
    },
  ];
  if (withVision) {
    cases.push({
      id: "read-picture",
      capability: "vision",
      prompt: "What single colour fills this picture? Answer with one word.",
      tools: [],
      images: [flatPng(230, 20, 20)],
      expect: { kind: "says", pattern: /\bred\b/i },
    });
  }
  return cases;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  typeof a === "number" && typeof b === "number" ? Math.abs(a - b) < 1e-9 : JSON.stringify(a) === JSON.stringify(b);

function sameArguments(got: Record<string, unknown>, want: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(got), ...Object.keys(want)]);
  return [...keys].every((k) => sameValue(got[k], want[k]));
}

/** Whether a reply meets the case, and if not, what it did instead (short, for the report). */
export function judge(
  expect: Expectation,
  reply: { content: string; toolCalls: readonly ToolCall[] },
): { passed: boolean; detail: string } {
  const calls = reply.toolCalls
    .map((c) => `${c.name}(${JSON.stringify(c.arguments)})`)
    .join(", ")
    .slice(0, 200);
  switch (expect.kind) {
    case "call": {
      const ok =
        reply.toolCalls.length === 1 &&
        reply.toolCalls[0]!.name === expect.tool &&
        sameArguments(reply.toolCalls[0]!.arguments, expect.arguments);
      return {
        passed: ok,
        detail: ok ? `called ${calls}` : reply.toolCalls.length ? `called ${calls}` : "called no tool",
      };
    }
    case "no-call":
      return reply.toolCalls.length === 0
        ? { passed: true, detail: "called no tool" }
        : { passed: false, detail: `called ${calls}` };
    case "json": {
      let parsed: { tool?: unknown; arguments?: unknown };
      try {
        parsed = JSON.parse(reply.content) as typeof parsed;
      } catch {
        return { passed: false, detail: "answered text that is not JSON" };
      }
      const ok =
        parsed.tool === expect.tool &&
        typeof parsed.arguments === "object" &&
        parsed.arguments !== null &&
        sameArguments(parsed.arguments as Record<string, unknown>, expect.arguments);
      return { passed: ok, detail: `answered ${JSON.stringify(parsed).slice(0, 200)}` };
    }
    case "says": {
      const ok = expect.pattern.test(reply.content);
      return { passed: ok, detail: `said ${JSON.stringify(reply.content.slice(0, 120))}` };
    }
  }
}
