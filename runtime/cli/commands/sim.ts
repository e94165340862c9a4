import { intFlag } from "../args.js";
import type { Command } from "../command.js";

export const simCommand: Command = {
  name: ["sim"],
  summary: "run tdsim, the TouchDesigner emulation, with the svc bridge behind its Web Server DAT",
  usage: "[--port <n>] [--state <file>]",
  flags: {
    port: { type: "string", valueName: "n", description: "port on 127.0.0.1 (default 9980; 0 picks a free one)" },
    state: {
      type: "string",
      valueName: "file",
      description: "load this saved network; project.save() writes back to it",
    },
  },
  details: [
    "tdsim is not TouchDesigner: it emulates the td module so the bridge and svc can run anywhere.",
    "It needs python3 (3.11 or newer; SVC_PYTHON names another interpreter). Stop it with Ctrl-C.",
  ].join("\n"),
  async run(args, io) {
    const { startSim, SimStartError } = await import("../../sim/start-sim.js");
    const port = intFlag(args, "port", 9980, 0, 65535);
    const state = typeof args.flags.state === "string" ? args.flags.state : undefined;
    let sim;
    let started = false;
    try {
      // tdsim's own stderr is shown once it runs; a start failure is reported in one line below.
      sim = await startSim({ port, state, env: io.env, onStderr: (line) => started && io.stderr(`${line}\n`) });
      started = true;
    } catch (err) {
      if (!(err instanceof SimStartError)) throw err;
      io.stderr(`svc sim: ${err.message}\n`);
      return 1;
    }
    io.stdout(`tdsim listening on ${sim.url} (an emulation of TouchDesigner; Ctrl-C stops it)\n`);
    if (sim.assumedDefaults) {
      const { assumed, total } = sim.assumedDefaults;
      io.stdout(
        `${assumed} of ${total} parameter defaults are tdsim's assumptions, not TouchDesigner's (bridge/sim/README.md)\n`,
      );
    }
    const exited = new Promise<number>((done) => sim.process.once("exit", (code) => done(code ?? 0)));
    const signalled = new Promise<"signal">((done) => {
      const stop = () => done("signal");
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    const first = await Promise.race([exited, signalled]);
    if (first === "signal") {
      await sim.stop();
      return 0;
    }
    io.stderr(`svc sim: tdsim stopped unexpectedly (exit ${first})\n`);
    return 1;
  },
};
