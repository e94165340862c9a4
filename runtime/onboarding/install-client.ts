/** The plan of `svc install-client` and its writing, client by client. */
import { ClientConfigError, clientSpecs, clientStatus, mergeServer, serverEntry, type ClientState } from "./clients.js";
import { existsSync } from "node:fs";
import { cliPath } from "./places.js";

export interface ClientPlan {
  id: string;
  label: string;
  file: string;
  installed: boolean;
  state: ClientState;
  /** add: no svc entry yet; update: svc's entry points elsewhere; none: current; manual: the file cannot be merged; skip: client not found. */
  action: "add" | "update" | "none" | "manual" | "skip";
  /** Other servers in the file, all kept. */
  keeps: string[];
  entry: unknown;
  problem?: string;
}

export function planClients(env: NodeJS.ProcessEnv, only: readonly string[] = []): ClientPlan[] {
  return clientSpecs(env).map((spec) => {
    const entry = serverEntry(spec, cliPath());
    const s = clientStatus(spec, entry);
    const wanted = only.length > 0 ? only.includes(spec.id) : s.installed;
    const action: ClientPlan["action"] = !wanted
      ? "skip"
      : s.state === "unreadable"
        ? "manual"
        : s.state === "current"
          ? "none"
          : s.state === "different"
            ? "update"
            : "add";
    return {
      id: spec.id,
      label: spec.label,
      file: spec.file,
      installed: s.installed,
      state: s.state,
      action,
      keeps: s.others,
      entry,
      ...(s.problem ? { problem: s.problem } : {}),
    };
  });
}

export function planText(plan: readonly ClientPlan[]): string {
  const lines = plan.map((p) => {
    const keeps = p.keeps.length > 0 ? `, keeping ${p.keeps.join(", ")}` : "";
    switch (p.action) {
      case "skip":
        return `${p.label}: not found (${p.file}); --client ${p.id} writes it anyway`;
      case "none":
        return `${p.label}: svc is already configured (${p.file})`;
      case "manual":
        return `${p.label}: ${p.file} cannot be merged: ${p.problem}\n  add under "${p.id === "vscode" ? "servers" : "mcpServers"}": "svc": ${JSON.stringify(p.entry)}`;
      default:
        return `${p.label}: will ${p.action} the svc server in ${p.file}${keeps}`;
    }
  });
  return lines.join("\n") + "\n";
}

export interface ClientWrite {
  id: string;
  label: string;
  file: string;
  changed: boolean;
  backup?: string;
  error?: string;
}

export function writeClients(env: NodeJS.ProcessEnv, plan: readonly ClientPlan[]): ClientWrite[] {
  const specs = new Map(clientSpecs(env).map((s) => [s.id as string, s]));
  return plan
    .filter((p) => p.action !== "skip")
    .map((p) => {
      const spec = specs.get(p.id)!;
      if (p.action === "manual")
        return {
          id: p.id,
          label: p.label,
          file: p.file,
          changed: false,
          error: `${p.file}: ${p.problem}; add the svc entry by hand`,
        };
      const entry = serverEntry(spec, cliPath());
      // the entry must start something: node and svc's built entry (run `npm run build` first)
      const missing = [entry.command, ...entry.args].filter((f) => !existsSync(f));
      if (missing.length > 0)
        return {
          id: p.id,
          label: p.label,
          file: p.file,
          changed: false,
          error: `${missing.join(", ")} does not exist; build svc first (npm run build)`,
        };
      try {
        const r = mergeServer(spec, entry);
        return {
          id: p.id,
          label: p.label,
          file: r.file,
          changed: r.changed,
          ...(r.backup ? { backup: r.backup } : {}),
        };
      } catch (err) {
        if (!(err instanceof ClientConfigError)) throw err;
        return { id: p.id, label: p.label, file: p.file, changed: false, error: err.message };
      }
    });
}
