/**
 * The services a front end hands to its commands and tools, wired in this one module (as Langium's
 * default module wires a language's services): the bridge client, the knowledge base, the compiler's
 * host, the clock and the bridge's event stream. A CLI invocation, an MCP server process and the
 * copilot each build one set with `createServices` and close it when they end; a command or a tool
 * receives it (`run(args, io, services)`, `ctx.services`) and never makes its own client of the
 * environment's bridge. A command that talks to another bridge (a target of svc.show.yaml, the tdsim
 * it started, a failover backup) makes services or a client for that one.
 *
 * Each service is made on first use, so building the set costs nothing: listing tools or printing
 * `--help` loads neither the engine nor the knowledge base.
 */
import type { CompilerHost } from "../compiler/index.js";
import type { BridgeClient, BridgeEventStream } from "./engine/index.js";

type KnowledgeBase = typeof import("../kb/index.js");

/** The time, in milliseconds since the epoch; a test gives a clock it moves itself. */
interface Clock {
  now(): number;
}

const systemClock: Clock = { now: () => Date.now() };

export interface Services {
  /** The environment the services were configured from (SVC_BRIDGE_URL, SVC_BRIDGE_TOKEN, ...). */
  readonly env: NodeJS.ProcessEnv;
  /** The one bridge client, made on the first call and shared by every later one. */
  bridge(): Promise<BridgeClient>;
  /** The operator knowledge base. */
  kb(): Promise<KnowledgeBase>;
  /** How the compiler reads `.svcnet` files: from the disk. */
  compilerHost(): Promise<CompilerHost>;
  readonly clock: Clock;
  /**
   * The bridge's event stream, started on the first call with these high-frequency events (a
   * transport does this when SVC_EVENTS is on); later calls return the same stream.
   */
  startEvents(highFrequency: readonly string[]): Promise<BridgeEventStream>;
  /** The running event stream; undefined until startEvents. */
  events(): BridgeEventStream | undefined;
  /** Stops the event stream and closes the bridge client, when they were made. */
  close(): Promise<void>;
}

export interface ServiceOverrides {
  clock?: Clock;
  compilerHost?: CompilerHost;
  /** A client to use instead of one configured from `env` (tests, a caller holding its own). */
  bridge?: BridgeClient;
}

export function createServices(env: NodeJS.ProcessEnv = process.env, overrides: ServiceOverrides = {}): Services {
  let client: Promise<BridgeClient> | undefined = overrides.bridge && Promise.resolve(overrides.bridge);
  let stream: BridgeEventStream | undefined;
  let starting: Promise<BridgeEventStream> | undefined;
  return {
    env,
    clock: overrides.clock ?? systemClock,
    bridge() {
      client ??= import("./engine/index.js").then((m) => new m.BridgeClient(m.bridgeConfigFromEnv(env)));
      return client;
    },
    kb: () => import("../kb/index.js"),
    async compilerHost() {
      return overrides.compilerHost ?? (await import("../compiler/index.js")).diskHost;
    },
    startEvents(highFrequency) {
      starting ??= import("./engine/index.js").then(({ BridgeEventStream, bridgeConfigFromEnv }) => {
        const bridge = bridgeConfigFromEnv(env);
        stream = new BridgeEventStream({ url: bridge.url, token: bridge.token, highFrequency: [...highFrequency] });
        stream.start();
        return stream;
      });
      return starting;
    },
    events: () => stream,
    async close() {
      stream?.stop();
      stream = undefined;
      starting = undefined;
      const pending = client;
      client = undefined;
      // A client handed in is its owner's to close.
      if (pending && !overrides.bridge) await (await pending).close();
    },
  };
}
