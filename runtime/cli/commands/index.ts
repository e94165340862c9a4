import type { Command } from "../command.js";
import { checkCommand } from "./check.js";
import { applyCommand } from "./apply.js";
import { compileCommand } from "./compile.js";
import { demoCommand } from "./demo.js";
import { diffCommand } from "./diff.js";
import { drawCommand } from "./draw.js";
import { exportCommand } from "./export.js";
import { fmtCommand } from "./fmt.js";
import { importRecipeCommand } from "./import-recipe.js";
import { importTdnCommand } from "./import-tdn.js";
import { installBridgeCommand } from "./install-bridge.js";
import { kbImportCommand } from "./kb-import.js";
import { kbSyncCommand } from "./kb-sync.js";
import { kbDiffCommand } from "./kb-diff.js";
import { kbSearchCommand } from "./kb-search.js";
import { kbShowCommand } from "./kb-show.js";
import { guideCommand } from "./guide.js";
import { lspCommand } from "./lsp.js";
import { planCommand } from "./plan.js";
import { previewCommand } from "./preview.js";
import { recoverCommand } from "./recover.js";
import { recipesApplyCommand } from "./recipes-apply.js";
import { recipesListCommand } from "./recipes-list.js";
import { recipesShowCommand } from "./recipes-show.js";
import { serveCommand } from "./serve.js";
import { simCommand } from "./sim.js";
import { statusCommand } from "./status.js";
import { eventsCommand } from "./events.js";
import { saveCommand } from "./save.js";
import { verifyCommand } from "./verify.js";
import { logsCommand } from "./logs.js";
import { analyzeCommand } from "./analyze.js";
import { adoptCommand, releaseCommand } from "./adopt.js";
import { showCommands } from "./show-commands.js";
import { completionCommand } from "./completion.js";
import { packagesCommands } from "./packages.js";
import { skillsManageCommand } from "./skills-manage.js";
import { creativeRagCommands } from "./creative-rag.js";
import { onboardingCommands } from "./onboarding.js";
import { copilotCalibrateCommand } from "./copilot-calibrate.js";
import { askCommand } from "./ask.js";
import { chatCommand } from "./chat.js";

/**
 * Every `svc` subcommand, each in its own file under this folder.
 * Add a command by importing it here and listing it once. Every command's module is loaded for
 * `svc --help`, so a command imports what it runs inside `run` (`await import(...)`), keeping only
 * light modules at the top (test/cli/lazy-commands.test.ts checks what start-up loads). Running one
 * command imports only its module: `npm run build` indexes which module holds it (command-index.ts).
 */
export const svcCommands: Command[] = [
  demoCommand,
  checkCommand,
  compileCommand,
  fmtCommand,
  planCommand,
  applyCommand,
  recoverCommand,
  previewCommand,
  drawCommand,
  exportCommand,
  adoptCommand,
  releaseCommand,
  diffCommand,
  statusCommand,
  verifyCommand,
  logsCommand,
  eventsCommand,
  saveCommand,
  analyzeCommand,
  kbSearchCommand,
  kbShowCommand,
  kbImportCommand,
  kbSyncCommand,
  kbDiffCommand,
  guideCommand,
  importRecipeCommand,
  importTdnCommand,
  recipesListCommand,
  recipesShowCommand,
  recipesApplyCommand,
  serveCommand,
  lspCommand,
  simCommand,
  installBridgeCommand,
  ...showCommands,
  completionCommand,
  ...packagesCommands,
  skillsManageCommand,
  ...creativeRagCommands,
  ...onboardingCommands,
  copilotCalibrateCommand,
  askCommand,
  chatCommand,
];

/** What `svc --help` says of a word that only groups commands. */
export const svcGroups: Record<string, string> = {
  kb: "Search and read the operator knowledge base, import an environment's dump into it, or sync it with and diff it against the running build.",
  recipes: "The recipe library: list, show and apply recipes.",
  skills: "svc's agent skills in an agent's skills folder.",
  packages: "Recipe and component packages from a local package folder: search, install, check, remove.",
  "creative-rag": "The local creative repertoire (off unless SVC_RAG_ENABLED=1): sync, index and search cards.",
};
