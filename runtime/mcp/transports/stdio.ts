/**
 * MCP over standard input and output: the default transport, one client per process. stdout carries
 * only protocol messages, so anything for people goes to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ToolSelection } from "../tools/registry.js";
import type { EventsConfig } from "../config.js";
import { createSvcServer } from "../server.js";
import { createServices } from "../../services.js";
import { untilSignal } from "./shutdown.js";

/** Serves until the client closes stdin or the process is asked to stop. */
export async function serveStdio(selection: ToolSelection, events?: EventsConfig): Promise<void> {
  const services = createServices(process.env);
  const forwarding = events?.enabled
    ? { source: await services.startEvents(events.highFrequency), highFrequency: new Set(events.highFrequency) }
    : undefined;
  const server = await createSvcServer(selection, {
    events: forwarding,
    services,
    // A stdio client is the process the user started: the roots it offers are the user's.
    trustClientRoots: true,
  });
  const transport = new StdioServerTransport();
  const stdinClosed = new Promise<string>((resolve) => {
    process.stdin.once("end", () => resolve("end"));
    process.stdin.once("close", () => resolve("close"));
  });
  await server.connect(transport);
  await Promise.race([stdinClosed, untilSignal()]);
  await server.close();
  await services.close();
}
