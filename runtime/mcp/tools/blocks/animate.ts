/**
 * A parameter set in motion: by an LFO CHOP beside the node whose channel is exported onto it,
 * or by an expression on time. Either way one edit of the source, applied through the plan.
 */
import { resolveTuplet } from "../../../../kb/index.js";
import type { ToolOutcome } from "../result.js";
import { nodeAt, setParam } from "../edit/ast-edit.js";
import { runStep } from "../edit/edits.js";
import { nameOf, parentOf } from "../edit/live-network.js";
import { EditRefusal } from "../edit/refusal.js";
import type { RunResult } from "../edit/apply-edit.js";
import { editNetwork, type RunOptions } from "../edit/run-edits.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";

export interface AnimateSpec {
  path: string;
  parameter: string;
  driver: "lfo" | "time";
  wave: "sin" | "tri" | "square" | "ramp" | "pulse" | "normal";
  /** Cycles per second. */
  frequency: number;
  from: number;
  to: number;
  /** The LFO CHOP's name (default `<node>_<parameter>`). */
  name?: string | undefined;
}

/**
 * Offset and amplitude that make a wave sweep from..to. tdsim's LFO shapes (bridge/sim/tdsim/
 * families/chop/chopgen.py) give sin, tri and square in -1..1 and ramp, pulse and normal in 0..1; that
 * TouchDesigner's LFO CHOP uses the same ranges is UNVERIFIED.
 */
function waveScale(wave: AnimateSpec["wave"], from: number, to: number): { offset: number; amp: number } {
  return wave === "ramp" || wave === "pulse" || wave === "normal"
    ? { offset: from, amp: to - from }
    : { offset: (from + to) / 2, amp: (to - from) / 2 };
}

/** A linear rise from..to, starting again every 1/frequency seconds. */
function timeExpression(from: number, to: number, frequency: number): string {
  // Twelve significant digits: 0.1 + 0.2 is written 0.3, as a person would.
  const n = (x: number) => String(Number(x.toPrecision(12)));
  return `${n(from)} + ${n(to - from)} * ((absTime.seconds * ${n(frequency)}) % 1)`;
}

export function animateParameter(spec: AnimateSpec, options: RunOptions): Promise<ToolOutcome<RunResult>> {
  return editNetwork(
    spec.path,
    false,
    (net) => {
      const { decl, path } = nodeAt(net, spec.path);
      const tuplet = resolveTuplet(decl.type.name, spec.parameter);
      if (tuplet !== undefined && tuplet.index === null) {
        throw new EditRefusal(
          "tuplet",
          `'${spec.parameter}' has ${tuplet.components.length} parts; animate one of them (${tuplet.components.join(", ")})`,
        );
      }
      if (spec.driver === "time") {
        setParam(decl, spec.parameter, {
          kind: "Expression",
          python: timeExpression(spec.from, spec.to, spec.frequency),
          range: NO_RANGE,
        });
        return {
          touched: [path],
          steps: [`${path}.${spec.parameter} rises from ${spec.from} to ${spec.to} ${spec.frequency} time(s) a second`],
          extra: { driver: null },
        };
      }
      const name = spec.name ?? `${nameOf(path)}_${spec.parameter}`;
      const { offset, amp } = waveScale(spec.wave, spec.from, spec.to);
      const created = runStep(net, {
        op: "create_node",
        parent: parentOf(path),
        type: "lfoCHOP",
        name,
        parameters: { wavetype: spec.wave, frequency: spec.frequency, offset, amp },
      });
      setParam(decl, spec.parameter, {
        kind: "Export",
        operator: { kind: "OperatorRef", path: name, range: NO_RANGE },
        channel: "chan1",
        range: NO_RANGE,
      });
      return {
        touched: [path, created.path!],
        steps: [
          created.note,
          `${path}.${spec.parameter} follows ${name}.chan1 (${spec.wave}, ${spec.from}..${spec.to} at ${spec.frequency} Hz)`,
        ],
        extra: { driver: created.path! },
      };
    },
    options,
  );
}
