/**
 * The `.svcnet` of a failover backup: its outputs stand by (show the standby picture) until Live is
 * turned on, which `svc failover` does when the main machine stops answering its heartbeat, or, with
 * `heartbeat`, the backup's own watcher (inside TouchDesigner, no svc process needed). The
 * guards in front of the outputs are wired by guards.ts (STANDBY_GUARD).
 */
const FAILOVER_TABLE = "svc_failover_outputs";

export interface FailoverSpec {
  name: string;
  outputs: readonly string[];
  /** The main machine's bridge URL, kept on the panel for the operator and `svc failover`. */
  main?: string | undefined;
  colour?: string | undefined;
  /** The backup watches the main itself, inside TouchDesigner (needs `main`). */
  heartbeat?: NetworkHeartbeat | undefined;
}

interface NetworkHeartbeat {
  /** Seconds between two requests to the main's /api/health. */
  interval: number;
  /** Seconds without any answer from the main before Live goes on. */
  takeover: number;
}

/**
 * The watcher: every Interval seconds, a request to the main's /api/health (a Web Client DAT); any
 * HTTP answer, whatever its status (a main with a token answers 401), is the main alive, so no
 * token is kept in this project. No answer for Takeover seconds turns Live on. It notices the
 * missing answer itself, so it does not depend on what a Web Client DAT calls back when the main is
 * gone. Heard 0 means "not watching yet": the wait starts when watching does.
 */
const WATCHER = [
  "def onFrameStart(frame):",
  "    p = parent().par",
  "    now = absTime.seconds",
  "    if p.Live.eval() or not p.Watch.eval():",
  "        p.Heard = 0",
  "        return",
  "    if p.Heard.eval() <= 0:",
  "        p.Heard = now",
  "    if now - p.Beat.eval() >= p.Interval.eval():",
  "        p.Beat = now",
  "        web = op('heartbeat')",
  "        web.par.url = p.Main.eval().rstrip('/') + '/api/health'",
  "        web.par.request.pulse()",
  "    if now - p.Heard.eval() > p.Takeover.eval():",
  "        p.Live = 1",
  "    return",
];

const ANSWERED = [
  "def onResponse(webClientDAT, statusCode, headerDict, data, id=None):",
  "    webClientDAT.parent().par.Heard = absTime.seconds",
  "    return",
];

const pythonBlock = (lines: readonly string[]) => [
  "    text: ```python",
  ...lines.map((l) => `      ${l}`),
  "      ```",
];

function heartbeatLines(h: NetworkHeartbeat): string[] {
  return [
    "",
    '  controls "Heartbeat" {',
    '    Watch: toggle = on help "On: this network watches the main and takes over when it stops answering"',
    `    Interval: float = ${h.interval} help "seconds between two heartbeats"`,
    `    Takeover: float = ${h.takeover} help "seconds without an answer from the main before taking over"`,
    '    Heard: float = 0 help "when the main last answered (absTime seconds; 0: not watching)"',
    "    Beat: float = 0",
    "  }",
    "",
    "  # Asks the main for its health; any answer means the main is alive.",
    `  heartbeat: webclientDAT { active: on, reqmethod: get, timeout: ${Math.round(h.interval * 1000)}, callbacks: heartbeat_answered }`,
    "  heartbeat_answered: textDAT {",
    ...pythonBlock(ANSWERED),
    "  }",
    "",
    "  # Sends the heartbeat and takes over after Takeover seconds of silence.",
    "  watcher: executeDAT {",
    "    active: on",
    "    framestart: on",
    ...pythonBlock(WATCHER),
    "  }",
  ];
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
    ...(spec.heartbeat === undefined ? [] : heartbeatLines(spec.heartbeat)),
    "",
    "  standby -> out1",
    "}",
    "",
  ].join("\n");
}
