import { intFlag } from "../args.js";
import type { Command } from "../command.js";
import { copilotModeFlags, copilotModeOf, DEFAULT_TURN_SECONDS, tryOpenCopilotSession } from "./ask.js";

const DEFAULT_CHAT_PORT = 9982;

export const chatCommand: Command = {
  name: ["chat"],
  summary:
    "The local copilot's chat page on 127.0.0.1 (Ollama, SVC_LLM_MODEL): each message is a turn through svc's own tools, shown with its redacted receipt.",
  usage: "[--port <n>] [--read-only|--creative] [--timeout <s>]",
  flags: {
    port: {
      type: "string",
      valueName: "n",
      description: `port on 127.0.0.1 (default ${DEFAULT_CHAT_PORT}; 0 picks a free one)`,
    },
    ...copilotModeFlags,
    timeout: {
      type: "string",
      valueName: "s",
      description: `seconds each turn may take (default ${DEFAULT_TURN_SECONDS})`,
    },
  },
  details: "Only requests whose Host and Origin are loopback names are answered (403 otherwise). Stops on Ctrl-C.",
  async run(args, io, services) {
    const mode = copilotModeOf(args);
    const port = intFlag(args, "port", DEFAULT_CHAT_PORT, 0, 65535);
    const turnTimeoutMs = intFlag(args, "timeout", DEFAULT_TURN_SECONDS, 1, 3600) * 1000;
    const { startChatServer } = await import("../../chat/chat-server.js");
    // Without a model the page still opens: it says what is missing and how to set it up.
    const opened = await tryOpenCopilotSession(mode, io, services);
    const session = "session" in opened ? opened.session : null;
    const unavailable = "session" in opened ? null : opened.unavailable;
    let server;
    try {
      server = await startChatServer("session" in opened ? opened.session : opened.unavailable, {
        port,
        turnTimeoutMs,
      });
    } catch (err) {
      await session?.close();
      io.stderr(`svc chat: cannot listen on 127.0.0.1:${port}: ${(err as Error).message}\n`);
      return 1;
    }
    if (unavailable !== null)
      io.stdout(
        `svc chat: ${server.url} (no model: error ${unavailable.code}: ${unavailable.message}; the page shows how to set one up; Ctrl-C stops)\n`,
      );
    else io.stdout(`svc chat: ${server.url} (${session?.config.model}, ${mode}; Ctrl-C stops)\n`);
    await new Promise<void>((stop) => {
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await server.close();
    await session?.close();
    return 0;
  },
};
