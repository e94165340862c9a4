import type { Command } from "../command.js";

export const lspCommand: Command = {
  name: ["lsp"],
  summary: "Serve the .svcnet language server (LSP) on standard input and output, for editors.",
  usage: "[--stdio]",
  flags: {
    stdio: { type: "boolean", description: "talk LSP over standard input and output (the default and only transport)" },
  },
  details: [
    "Editors start this and talk JSON-RPC to it: diagnostics as you type, completion and hover from the",
    "knowledge base, go to definition, references, rename, outline, folding, formatting (svc fmt) and",
    "semantic tokens. The VS Code extension in editors/vscode starts it for you. With SVC_BRIDGE_URL set",
    "(or initializationOptions.bridgeUrl), each network gets 'plan' and 'apply' code lenses, and what the",
    "live project reports (conflicts, failures, cook errors) is shown at the lines that built the nodes.",
  ].join("\n"),
  async run() {
    const { createConnection, StreamMessageReader, StreamMessageWriter } = await import("vscode-languageserver/node");
    const { startLanguageServer } = await import("../../lsp/server.js");
    const connection = createConnection(
      new StreamMessageReader(process.stdin),
      new StreamMessageWriter(process.stdout),
    );
    // A bridge named in the environment turns on the plan/apply lenses and live errors.
    const bridgeUrl = process.env.SVC_BRIDGE_URL?.trim();
    startLanguageServer(connection, bridgeUrl ? { bridgeUrl } : {});
    // The connection ends the process on `exit`; until then the server lives on stdin.
    await new Promise<void>((resolve) => connection.onExit(() => resolve()));
    return 0;
  },
};
