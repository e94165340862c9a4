/**
 * External input and output as a small .svcnet network beside the artist's: a device operator
 * (OSC, MIDI, DMX, Art-Net, NDI) and, for CHOP protocols, the channels mapped onto parameters
 * (in) or gathered from parameters (out). Applied as one edit through the plan.
 *
 * Input CHOPs have no channels until data arrives, so resting values (a Constant CHOP) are merged
 * after the device's channels with `duplicate: first`: a channel the device sends wins, and a
 * parameter reading it never fails before the first message.
 */
import type { ToolOutcome } from "../result.js";
import { levelAt, nodeAt, setParam } from "../edit/ast-edit.js";
import { runStep } from "../edit/edits.js";
import type { EditableNetwork } from "../edit/live-network.js";
import type { ParamInput } from "../edit/param-values.js";
import { EditRefusal } from "../edit/refusal.js";
import type { RunResult } from "../edit/apply-edit.js";
import { editNetwork, type RunOptions } from "../edit/run-edits.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";

type Protocol = "osc" | "midi" | "dmx" | "artnet" | "ndi";

interface ChannelMap {
  channel: string;
  node?: string | undefined;
  parameter?: string | undefined;
  rest?: number | undefined;
}

export interface IoSpec {
  path: string;
  protocol: Protocol;
  direction: "in" | "out";
  name?: string | undefined;
  port?: number | undefined;
  address?: string | undefined;
  universe?: number | undefined;
  stream?: string | undefined;
  source?: string | undefined;
  channels: ChannelMap[];
}

/** The device operator of each protocol and direction, with the settings it takes from the spec. */
function device(spec: IoSpec): { type: string; parameters: Record<string, ParamInput> } {
  const p: Record<string, ParamInput> = {};
  const dir = spec.direction;
  switch (spec.protocol) {
    case "osc":
      if (spec.port !== undefined) p.port = spec.port;
      if (dir === "out" && spec.address !== undefined) p.netaddress = spec.address;
      return { type: dir === "in" ? "oscinCHOP" : "oscoutCHOP", parameters: p };
    case "midi":
      return { type: dir === "in" ? "midiinCHOP" : "midioutCHOP", parameters: p };
    case "dmx":
    case "artnet":
      // Art-Net is one of the DMX CHOPs' interfaces.
      if (spec.protocol === "artnet") p.interface = "artnet";
      if (spec.universe !== undefined) p.universe = spec.universe;
      if (dir === "out" && spec.address !== undefined) p.netaddress = spec.address;
      return { type: dir === "in" ? "dmxinCHOP" : "dmxoutCHOP", parameters: p };
    case "ndi":
      if (spec.stream !== undefined) p.name = spec.stream;
      return { type: dir === "in" ? "ndiinTOP" : "ndioutTOP", parameters: p };
  }
}

/** The node a channel is mapped to, relative to the network (blur1, inner/blur1). */
function target(net: EditableNetwork, level: string, m: ChannelMap): { path: string; relative: string } {
  if (m.node === undefined || m.parameter === undefined)
    throw new EditRefusal("incomplete-mapping", `channel '${m.channel}' needs both node and parameter`);
  const relative = m.node.startsWith("/") ? m.node.slice(level.length + 1) : m.node;
  const path = `${level}/${relative}`;
  if (m.node.startsWith("/") && !m.node.startsWith(level + "/"))
    throw new EditRefusal("outside-network", `${m.node} is not inside ${level}`);
  nodeAt(net, path);
  return { path, relative };
}

export function createExternalIo(spec: IoSpec, options: RunOptions): Promise<ToolOutcome<RunResult>> {
  return editNetwork(
    spec.path,
    false,
    (net) => {
      const level = levelAt(net, spec.path);
      const base = spec.name ?? `${spec.protocol}_${spec.direction}`;
      const touched = new Set<string>();
      const steps: string[] = [];
      const create = (name: string, type: string, parameters: Record<string, ParamInput> = {}) => {
        const step = runStep(net, { op: "create_node", parent: level.path, type, name, parameters });
        touched.add(step.path!);
        steps.push(step.note);
        return step.path!;
      };
      const wire = (from: string, to: string, toInput = 0) =>
        steps.push(
          runStep(net, { op: "connect", from: `${level.path}/${from}`, to: `${level.path}/${to}`, to_input: toInput })
            .note,
        );
      const dev = device(spec);

      if (spec.protocol === "ndi") {
        if (spec.channels.length > 0)
          throw new EditRefusal("no-channels", "NDI carries video, not channels: leave channels out");
        create(base, dev.type, dev.parameters);
        if (spec.direction === "out") {
          if (spec.source === undefined) throw new EditRefusal("needs-source", "NDI out needs source: the TOP to send");
          wire(spec.source, base);
        }
        return { touched, steps, extra: { output: `${level.path}/${base}` } };
      }
      if (spec.channels.length === 0) throw new EditRefusal("no-channels", "name at least one channel to map");

      if (spec.direction === "in") {
        create(`${base}_device`, dev.type, dev.parameters);
        create(`${base}_merge`, "mergeCHOP", { duplicate: "first" });
        create(base, "nullCHOP");
        wire(`${base}_device`, `${base}_merge`, 0);
        // One Constant CHOP per resting value: each block of names shares one value.
        const byRest = new Map<number, string[]>();
        for (const m of spec.channels) byRest.set(m.rest ?? 0, [...(byRest.get(m.rest ?? 0) ?? []), m.channel]);
        [...byRest.entries()].forEach(([rest, names], i) => {
          const name = `${base}_rest${i + 1}`;
          create(name, "constantCHOP", { const0name: names.join(" "), const0value: rest });
          wire(name, `${base}_merge`, i + 1);
        });
        wire(`${base}_merge`, base);
        for (const m of spec.channels) {
          if (m.node === undefined && m.parameter === undefined) continue;
          const t = target(net, level.path, m);
          const { decl } = nodeAt(net, t.path);
          setParam(decl, m.parameter!, {
            kind: "Export",
            operator: { kind: "OperatorRef", path: base, range: NO_RANGE },
            channel: m.channel,
            range: NO_RANGE,
          });
          touched.add(t.path);
          steps.push(`${t.path}.${m.parameter} follows ${base}.${m.channel}`);
        }
        return { touched, steps, extra: { output: `${level.path}/${base}` } };
      }

      // Out: each parameter becomes a channel (a Constant CHOP reading it), merged into the device.
      create(`${base}_merge`, "mergeCHOP");
      spec.channels.forEach((m, i) => {
        const t = target(net, level.path, m);
        const name = `${base}_ch${i + 1}`;
        create(name, "constantCHOP", {
          const0name: m.channel,
          const0value: { expression: `op('${t.relative}').par.${m.parameter}` },
        });
        wire(name, `${base}_merge`, i);
      });
      const devicePath = create(base, dev.type, dev.parameters);
      wire(`${base}_merge`, base);
      return { touched, steps, extra: { output: devicePath } };
    },
    options,
  );
}
