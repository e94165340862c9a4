/**
 * The `.svcnet` of a safety blackout chain: a COMP with a Panic toggle on its panel, the safe
 * picture (a flat colour or a still TOP) as its `out1`, the table of the outputs it protects, and
 * the optional arming inputs (an OSC address, a key) that turn Panic on from the stage. The guards
 * in front of each protected output are wired by guards.ts; they read Panic by path, so a panic is
 * one parameter write that every guard sees in the same cook.
 */

export interface SafetySpec {
  /** The network's name: the COMP at /project1/<name>. */
  name: string;
  /** Absolute paths of the output TOPs the chain protects. */
  outputs: readonly string[];
  /** The flat colour shown during a panic, "#rrggbb" (default black). */
  colour?: string | undefined;
  /** A live TOP shown during a panic instead of the colour: a safe still. */
  still?: string | undefined;
  /** An OSC In CHOP on this UDP port arms the panic when a channel under `oscAddress` turns on. */
  oscPort?: number | undefined;
  oscAddress?: string | undefined;
  /** A Keyboard In CHOP arms the panic when this key goes down. */
  key?: string | undefined;
  /** A MIDI In CHOP arms the panic when this note goes on or this controller goes above 0. */
  midi?: MidiArming | undefined;
}

interface MidiArming {
  /** 1 to 16. */
  channel: number;
  note?: number | undefined;
  controller?: number | undefined;
  /** The MIDI In CHOP's Device ID. */
  device?: string | undefined;
}

/**
 * A MIDI In CHOP that makes one channel: the note or the controller, on one MIDI channel. The
 * channel prefix "ch" names it by MIDI channel (`ch1n60`, `ch1c64`, the naming the MIDI In and Out
 * CHOP pages describe); the other event kind's base name is empty, so it makes no channel.
 */
function midiChop(midi: MidiArming): string {
  const fields = [`channel: ${quote(String(midi.channel))}`, `prefix: "ch"`];
  if (midi.note !== undefined)
    fields.push(`notename: "n"`, `notescope: ${quote(String(midi.note))}`, `controlname: ""`);
  else fields.push(`controlname: "c"`, `controlind: ${quote(String(midi.controller))}`, `notename: ""`);
  if (midi.device !== undefined) fields.push(`id: ${quote(midi.device)}`);
  return `  midi_trigger: midiinCHOP { ${fields.join(", ")} }`;
}

/** The name of the table that lists the protected outputs: `svc panic` finds safety COMPs by it. */
export const PROTECTED_TABLE = "svc_protected";
const DEFAULT_OSC_ADDRESS = "/svc/panic";

const quote = (s: string) => JSON.stringify(s);

/** Turns Panic on when any channel of the CHOP it watches goes from off to on (never off: a release is deliberate). */
function armDat(name: string, chop: string, why: string): string[] {
  return [
    `  # ${why}`,
    `  ${name}: chopexecuteDAT {`,
    `    active: on`,
    `    chop: ${chop}`,
    `    offtoon: on`,
    "    text: ```python",
    "      def onOffToOn(channel, sampleIndex, val, prev):",
    "          parent().par.Panic = 1",
    "          return",
    "      ```",
    `  }`,
  ];
}

export function safetySource(spec: SafetySpec): string {
  const lines = [
    "svcnet 1",
    "",
    `# Safety blackout chain: while Panic is on, every output listed in ${PROTECTED_TABLE} shows the`,
    "# safe picture (out1) instead of its own, from the next cook on. Panic is armed from this panel,",
    "# `svc panic`, the bridge's API" +
      (spec.oscPort !== undefined ? ", an OSC address" : "") +
      (spec.key !== undefined ? ", a key" : "") +
      (spec.midi !== undefined ? ", MIDI" : "") +
      ".",
    `network ${spec.name} {`,
    `  controls "Safety" {`,
    `    Panic: toggle = off help "On: every protected output shows the safe picture"`,
    `  }`,
    "",
  ];
  if (spec.still !== undefined) {
    lines.push(
      "  # The safe still every protected output shows during a panic.",
      `  safe: selectTOP { top: ${spec.still} }`,
    );
  } else {
    lines.push(
      "  # The flat colour every protected output shows during a panic.",
      `  safe: constantTOP { color: ${spec.colour ?? "#000000"}, resolution: 1280x720 }`,
    );
  }
  lines.push(
    "  out1: nullTOP [display]",
    "",
    "  # The outputs this chain protects, one path a line; svc panic reads it.",
    `  ${PROTECTED_TABLE}: tableDAT {`,
    "    text: ```",
    ...spec.outputs.map((o) => `      ${o}`),
    "      ```",
    "  }",
  );
  if (spec.oscPort !== undefined) {
    lines.push(
      "",
      `  osc_trigger: oscinCHOP { oscaddressscope: ${quote(spec.oscAddress ?? DEFAULT_OSC_ADDRESS)}, port: ${spec.oscPort} }`,
      ...armDat("osc_arm", "osc_trigger", "An OSC message above 0 on the address arms the panic."),
    );
  }
  if (spec.key !== undefined) {
    lines.push(
      "",
      `  key_trigger: keyboardinCHOP { keys: ${quote(spec.key)} }`,
      ...armDat("key_arm", "key_trigger", "The key going down arms the panic."),
    );
  }
  if (spec.midi !== undefined) {
    const what =
      spec.midi.note !== undefined
        ? `note ${spec.midi.note} going on`
        : `controller ${spec.midi.controller} going above 0`;
    lines.push(
      "",
      midiChop(spec.midi),
      ...armDat("midi_arm", "midi_trigger", `MIDI ${what} on channel ${spec.midi.channel} arms the panic.`),
    );
  }
  lines.push("", "  safe -> out1", "}", "");
  return lines.join("\n");
}
