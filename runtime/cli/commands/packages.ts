/**
 * `svc packages search|list|info|install|uninstall|doctor|path|publish|key|trust`: recipes and
 * components published to a local package folder, signed with the publisher's ed25519 key, installed
 * into svc's data folder only when the signature is of a trusted key and the checksums hold
 * (runtime/packages/). Light at the top: the work is imported when a command runs.
 */
import { UsageError, type FlagSpecs, type ParsedArgs } from "../args.js";
import type { Command, CommandIO } from "../command.js";

const FROM: FlagSpecs = {
  from: { type: "string", valueName: "folder", description: "the package folder (default SVC_PACKAGES_DIR)" },
};
const DATA: FlagSpecs = {
  data: {
    type: "string",
    valueName: "folder",
    description: "svc's data folder packages are installed in (default SVC_DATA_DIR, else ~/.svc)",
  },
};
const JSON_FLAG: FlagSpecs = { json: { type: "boolean", description: "print JSON" } };

function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === "string" ? v : undefined;
}

function one(args: ParsedArgs, what: string): string {
  if (args.positionals.length !== 1) throw new UsageError(`give ${what}`);
  return args.positionals[0]!;
}

async function folders(args: ParsedArgs, io: CommandIO) {
  const { dataFolder, packageFolder } = await import("../../packages/locations.js");
  return {
    data: () => dataFolder(flag(args, "data"), io.env, io.cwd),
    from: () => packageFolder(flag(args, "from"), io.env, io.cwd),
  };
}

/** Runs `work`; a package error is one line on stderr and exit 1, with its details under --json. */
async function guarded(command: string, io: CommandIO, args: ParsedArgs, work: () => Promise<number>): Promise<number> {
  const { CodedError } = await import("../../artifacts/coded-error.js");
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof CodedError)) throw err;
    if (args.flags.json)
      io.stdout(JSON.stringify({ error: { code: err.code, message: err.message, ...err.details } }, null, 2) + "\n");
    io.stderr(`svc packages ${command}: ${err.code}: ${err.message}\n`);
    return 1;
  }
}

const packagesSearchCommand: Command = {
  name: ["packages", "search"],
  summary: "Find packages in the package folder by words in their names, descriptions, recipes and components.",
  usage: "[--from folder] [--json] <words>...",
  flags: { ...FROM, ...JSON_FLAG },
  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError("give words to search for");
    return guarded("search", io, args, async () => {
      const { searchPublished } = await import("../../packages/search.js");
      const found = searchPublished((await folders(args, io)).from(), args.positionals.join(" "));
      const rows = found.map((p) => ({
        name: p.name,
        version: p.version,
        description: p.manifest.description,
        recipes: p.manifest.recipes.map((r) => r.name),
        components: p.manifest.components.map((c) => c.name),
      }));
      if (args.flags.json) io.stdout(JSON.stringify({ packages: rows }, null, 2) + "\n");
      else for (const r of rows) io.stdout(`${r.name} ${r.version}  ${r.description}\n`);
      if (!args.flags.json && rows.length === 0) io.stderr("svc packages search: no package matches\n");
      return rows.length > 0 ? 0 : 1;
    });
  },
};

const packagesListCommand: Command = {
  name: ["packages", "list"],
  summary: "List the packages installed in svc's data folder.",
  usage: "[--data folder] [--json]",
  flags: { ...DATA, ...JSON_FLAG },
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError("'packages list' takes no words");
    return guarded("list", io, args, async () => {
      const { listInstalled } = await import("../../packages/installed.js");
      const installed = listInstalled((await folders(args, io)).data());
      if (args.flags.json)
        io.stdout(
          JSON.stringify(
            {
              packages: installed.map((r) => ({
                name: r.name,
                version: r.version,
                installed_at: r.installed_at,
                files: r.files.length,
              })),
            },
            null,
            2,
          ) + "\n",
        );
      else if (installed.length === 0) io.stdout("no package is installed\n");
      else
        for (const r of installed)
          io.stdout(`${r.name} ${r.version}  ${r.files.length} files, installed ${r.installed_at}\n`);
      return 0;
    });
  },
};

const packagesInfoCommand: Command = {
  name: ["packages", "info"],
  summary: "Show a published package: its manifest, publish record and whether its checksums hold.",
  usage: "[--from folder] [--json] <name[@version]>",
  flags: { ...FROM, ...JSON_FLAG },
  async run(args, io) {
    const spec = one(args, "one package name, optionally name@version");
    return guarded("info", io, args, async () => {
      const { findPublished, readPublishManifest, verifyBundle } = await import("../../packages/bundle.js");
      const found = findPublished((await folders(args, io)).from(), spec);
      const problems = verifyBundle(found.dir);
      const publish = problems.some((p) => p.file === "publish.json") ? null : readPublishManifest(found.dir);
      const { signatureStatus } = await import("../../packages/signing.js");
      const signature = signatureStatus(found.dir, io.env);
      if (args.flags.json)
        io.stdout(
          JSON.stringify({ dir: found.dir, manifest: found.manifest, publish, signature, problems }, null, 2) + "\n",
        );
      else {
        io.stdout(`${found.name} ${found.version}  ${found.manifest.description}\n  ${found.dir}\n`);
        for (const r of found.manifest.recipes) io.stdout(`  recipe ${r.name} (${r.file})\n`);
        for (const c of found.manifest.components) io.stdout(`  component ${c.name} ${c.version}\n`);
        if (publish)
          io.stdout(`  published ${publish.published_at} with svc ${publish.svc_version}, ${publish.files} files\n`);
        io.stdout(
          problems.length === 0
            ? "  checksums: all files match\n"
            : problems.map((p) => `  checksums: ${p.detail}\n`).join(""),
        );
        io.stdout(`  signature: ${signature.trusted ? "" : `${signature.code}: `}${signature.message}\n`);
      }
      return problems.length === 0 && signature.trusted ? 0 : 1;
    });
  },
};

const packagesInstallCommand: Command = {
  name: ["packages", "install"],
  summary:
    "Install a package from the package folder: signed by a trusted publisher, checksums verified, recipes compiled, then moved into place.",
  usage: "[--from folder] [--data folder] [--dry-run] [--json] <name[@version]>",
  flags: {
    ...FROM,
    ...DATA,
    "dry-run": { type: "boolean", description: "check and say what would be installed; change nothing" },
    ...JSON_FLAG,
  },
  async run(args, io) {
    const spec = one(args, "one package name, optionally name@version");
    return guarded("install", io, args, async () => {
      const { installPackage } = await import("../../packages/installed.js");
      const f = await folders(args, io);
      const { progressTo } = await import("../bridge-session.js");
      const r = await installPackage(f.from(), f.data(), spec, {
        dryRun: args.flags["dry-run"] === true,
        progress: progressTo(io, "svc packages install"),
        env: io.env,
      });
      if (args.flags.json) io.stdout(JSON.stringify(r, null, 2) + "\n");
      else
        io.stdout(
          `${r.dryRun ? "would install" : "installed"} ${r.name} ${r.version} in ${r.dir} (${r.files} files, signed by trusted key ${r.publisher.key_id}, checksums verified)\n`,
        );
      return 0;
    });
  },
};

const packagesUninstallCommand: Command = {
  name: ["packages", "uninstall"],
  summary: "Remove exactly the files a package's install put in the data folder.",
  usage: "[--data folder] [--force] [--dry-run] [--json] <name>",
  flags: {
    ...DATA,
    force: { type: "boolean", description: "also remove the package's files changed since install" },
    "dry-run": { type: "boolean", description: "say what would be removed" },
    ...JSON_FLAG,
  },
  async run(args, io) {
    const name = one(args, "one package name");
    return guarded("uninstall", io, args, async () => {
      const { uninstallPackage } = await import("../../packages/installed.js");
      const r = uninstallPackage((await folders(args, io)).data(), name, {
        force: args.flags.force === true,
        dryRun: args.flags["dry-run"] === true,
      });
      if (args.flags.json) io.stdout(JSON.stringify(r, null, 2) + "\n");
      else {
        io.stdout(`${r.dryRun ? "would remove" : "removed"} ${r.name} ${r.version} (${r.removed} files)\n`);
        for (const k of r.kept) io.stdout(`  kept ${k}: not installed by the package\n`);
      }
      return 0;
    });
  },
};

const packagesDoctorCommand: Command = {
  name: ["packages", "doctor"],
  summary: "Check every installed package's files against the checksums recorded at install.",
  usage: "[--data folder] [--json]",
  flags: { ...DATA, ...JSON_FLAG },
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError("'packages doctor' takes no words");
    return guarded("doctor", io, args, async () => {
      const { checkInstalled, listInstalled } = await import("../../packages/installed.js");
      const data = (await folders(args, io)).data();
      const health = listInstalled(data).map((r) => checkInstalled(data, r));
      const bad = health.filter((h) => h.missing.length + h.modified.length > 0);
      if (args.flags.json) io.stdout(JSON.stringify({ packages: health, ok: bad.length === 0 }, null, 2) + "\n");
      else {
        for (const h of health) {
          const state =
            h.missing.length + h.modified.length === 0
              ? "ok"
              : [...h.missing.map((f) => `missing ${f}`), ...h.modified.map((f) => `changed ${f}`)].join(", ");
          io.stdout(
            `${h.name} ${h.version}: ${state}${h.foreign.length ? ` (${h.foreign.length} file(s) added by hand)` : ""}\n`,
          );
        }
        if (health.length === 0) io.stdout("no package is installed\n");
      }
      return bad.length === 0 ? 0 : 1;
    });
  },
};

const packagesPathCommand: Command = {
  name: ["packages", "path"],
  summary: "Print where packages are installed, or where one installed package is (to import its recipes).",
  usage: "[--data folder] [<name>]",
  flags: { ...DATA },
  async run(args, io) {
    if (args.positionals.length > 1) throw new UsageError("give at most one package name");
    return guarded("path", io, args, async () => {
      const { installedDir, packagesRoot, readInstalled } = await import("../../packages/installed.js");
      const { PackageError } = await import("../../packages/bundle.js");
      const data = (await folders(args, io)).data();
      const name = args.positionals[0];
      if (name === undefined) {
        io.stdout(packagesRoot(data) + "\n");
        return 0;
      }
      if (readInstalled(data, name) === undefined)
        throw new PackageError("not-installed", `'${name}' is not installed in ${packagesRoot(data)}`);
      io.stdout(installedDir(data, name) + "\n");
      return 0;
    });
  },
};

const packagesPublishCommand: Command = {
  name: ["packages", "publish"],
  summary:
    "Publish recipe files as a signed package version in the package folder (signed with your key, made on first use).",
  usage: "[--to folder] [--description text] [--publisher name] [--json] <name@version> <recipe.svcnet>...",
  flags: {
    to: { type: "string", valueName: "folder", description: "the package folder (default SVC_PACKAGES_DIR)" },
    description: { type: "string", valueName: "text", description: "one line saying what the package holds" },
    publisher: { type: "string", valueName: "name", description: "who publishes it, recorded in publish.json" },
    ...JSON_FLAG,
  },
  async run(args, io) {
    const [spec, ...files] = args.positionals;
    const m = /^([^@]+)@([^@]+)$/.exec(spec ?? "");
    if (!m || files.length === 0) throw new UsageError("give name@version and at least one recipe .svcnet file");
    return guarded("publish", io, args, async () => {
      const { readFileSync } = await import("node:fs");
      const { resolve } = await import("node:path");
      const { packageFolder } = await import("../../packages/locations.js");
      const { PackageError } = await import("../../packages/bundle.js");
      const recipes = files.map((f) => {
        const path = resolve(io.cwd, f);
        try {
          return { file: path, text: readFileSync(path, "utf8") };
        } catch (err) {
          throw new PackageError(
            "unreadable-recipe",
            `cannot read ${f}: ${(err as NodeJS.ErrnoException).code ?? err}`,
          );
        }
      });
      const { publishBundle } = await import("../../packages/publish.js");
      const publisher = flag(args, "publisher");
      const r = await publishBundle({
        packageDir: packageFolder(flag(args, "to"), io.env, io.cwd),
        name: m[1]!,
        version: m[2]!,
        description: flag(args, "description") ?? "",
        recipes,
        components: [],
        env: io.env,
        ...(publisher === undefined ? {} : { publisher }),
      });
      if (args.flags.json)
        io.stdout(JSON.stringify({ dir: r.dir, manifest: r.manifest, signature: r.signature }, null, 2) + "\n");
      else
        io.stdout(
          `published ${r.manifest.name} ${r.manifest.version} to ${r.dir} (${r.files.length} files), signed by your key ${r.signature.key_id}\n` +
            `  others install it after \`svc packages trust ${r.signature.key}\`\n`,
        );
      return 0;
    });
  },
};

const packagesKeyCommand: Command = {
  name: ["packages", "key"],
  summary: "Print your publisher public key (made on first use), for others to trust your packages.",
  usage: "[--json]",
  flags: { ...JSON_FLAG },
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError("'packages key' takes no words");
    return guarded("key", io, args, async () => {
      const { publisherKey } = await import("../../packages/signing.js");
      const own = publisherKey(io.env);
      if (args.flags.json) io.stdout(JSON.stringify({ key: own.text, key_id: own.id }, null, 2) + "\n");
      else io.stdout(`${own.text}\n`);
      return 0;
    });
  },
};

const packagesTrustCommand: Command = {
  name: ["packages", "trust"],
  summary: "Trust a publisher's key (an `ed25519:...` key or a file holding it), list trusted keys, or remove one.",
  usage: "[--label text] <key or key file> | --list | --remove <key id or key> [--json]",
  flags: {
    label: { type: "string", valueName: "text", description: "who the key belongs to, shown in the list" },
    list: { type: "boolean", description: "list the trusted keys" },
    remove: { type: "string", valueName: "key", description: "stop trusting a key, by its id or the key itself" },
    ...JSON_FLAG,
  },
  async run(args, io) {
    const list = args.flags.list === true;
    const remove = flag(args, "remove");
    if ((list || remove !== undefined) && args.positionals.length > 0)
      throw new UsageError("give a key to trust, or --list, or --remove <key>, not both");
    if (!list && remove === undefined && args.positionals.length !== 1)
      throw new UsageError("give one key (ed25519:...) or a file holding it");
    return guarded("trust", io, args, async () => {
      const signing = await import("../../packages/signing.js");
      if (list) {
        const keys = signing.readTrusted(io.env);
        if (args.flags.json) io.stdout(JSON.stringify({ keys }, null, 2) + "\n");
        else if (keys.length === 0) io.stdout("no publisher key is trusted\n");
        else for (const k of keys) io.stdout(`${k.key_id}  ${k.key}${k.label ? `  ${k.label}` : ""}\n`);
        return 0;
      }
      if (remove !== undefined) {
        const gone = signing.removeTrusted(io.env, remove);
        if (args.flags.json) io.stdout(JSON.stringify({ removed: gone }, null, 2) + "\n");
        else io.stdout(`no longer trusted: ${gone.key_id}  ${gone.key}\n`);
        return 0;
      }
      const given = args.positionals[0]!;
      let text = given;
      if (!given.startsWith("ed25519:")) {
        const { readFileSync, statSync } = await import("node:fs");
        const { resolve } = await import("node:path");
        const path = resolve(io.cwd, given);
        const { PackageError } = await import("../../packages/bundle.js");
        let size: number;
        try {
          size = statSync(path).size;
        } catch {
          throw new PackageError("bad-key", `${given} is neither an ed25519:... key nor a readable key file`);
        }
        if (size > 16 * 1024) throw new PackageError("bad-key", `${given} is too large to be a key file`);
        text = readFileSync(path, "utf8");
      }
      const entry = signing.addTrusted(io.env, text, flag(args, "label") ?? "");
      if (args.flags.json) io.stdout(JSON.stringify({ trusted: entry }, null, 2) + "\n");
      else io.stdout(`trusted ${entry.key_id}  ${entry.key}\n`);
      return 0;
    });
  },
};

export const packagesCommands: Command[] = [
  packagesSearchCommand,
  packagesListCommand,
  packagesInfoCommand,
  packagesInstallCommand,
  packagesUninstallCommand,
  packagesDoctorCommand,
  packagesPathCommand,
  packagesPublishCommand,
  packagesKeyCommand,
  packagesTrustCommand,
];
