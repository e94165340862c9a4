/**
 * The `.svcnet` of a failover backup: its outputs stand by (show the standby picture) until Live is
 * turned on, which `svc failover` does when the main machine stops answering its heartbeat. The
 * guards in front of the outputs are wired by guards.ts (STANDBY_GUARD).
 */
export const FAILOVER_TABLE = "svc_failover_outputs";

export interface FailoverSpec {
  name: string;
  outputs: readonly string[];
  /** The main machine's bridge URL, kept on the panel for the operator and `svc failover`. */
  main?: string | undefined;
  colour?: string | undefined;
}

export function failoverSource(spec: FailoverSpec): string {
  return [
    "svcnet 1",
    "",
    "# Failover backup: until Live is on, every output listed in the table shows the standby picture",
    "# (out1); svc failover turns Live on when the main machine stops answering its heartbeat.",
    `network ${spec.name} {`,
    '  controls "Failover" {',
    '    Live: toggle = off help "On: this machine has taken over and its outputs show their programme"',
    `    Main: string = ${JSON.stringify(spec.main ?? "")} help "the main machine's bridge, watched by svc failover"`,
    "  }",
    "",
    "  # What the outputs show while this machine stands by.",
    `  standby: constantTOP { color: ${spec.colour ?? "#000000"}, resolution: 1280x720 }`,
    "  out1: nullTOP [display]",
    "",
    "  # The outputs this backup takes over, one path a line.",
    `  ${FAILOVER_TABLE}: tableDAT {`,
    "    text: ```",
    ...spec.outputs.map((o) => `      ${o}`),
    "      ```",
    "  }",
    "",
    "  standby -> out1",
    "}",
    "",
  ].join("\n");
}
