/**
 * The `.svcnet` of a show's cue engine: the cues and macros as tables in the network, and an
 * Execute DAT that plays them inside TouchDesigner, frame by frame, so a fade runs on the project's
 * own clock whether or not anything is connected. A cue fires when its name is written to the
 * COMP's Pending parameter (one PATCH, exec closed) or from the panel (type Cue, press Go).
 *
 * A numeric value fades linearly from wherever the parameter is when the cue fires to the cue's
 * value over the cue's fade time: each frame moves it by the share of the remaining time that frame
 * took, which keeps the line straight without storing where it started. Other values are set when
 * the cue fires. The engine is an Execute DAT: text TouchDesigner runs is exec, so with
 * SVC_BRIDGE_EXPRESSIONS=safe the bridge builds it only with the exec gate open (SVC_BRIDGE_ALLOW_EXEC=1).
 */

export type ValueKind = "num" | "int" | "str";

export interface CueValue {
  path: string;
  par: string;
  kind: ValueKind;
  value: string;
}

export interface Cue {
  name: string;
  /** Seconds. */
  fade: number;
  values: CueValue[];
}

export type MacroStep =
  | { at: number; kind: "cue"; cue: string }
  | { at: number; kind: "set"; path: string; par: string; valueKind: ValueKind; value: string };

export interface Macro {
  name: string;
  steps: MacroStep[];
}

const CUE_COLUMNS = ["cue", "fade", "path", "par", "kind", "value"] as const;
/** A scene of the setlist: its cue, and how long it plays before the next (0: until Next). */
export interface Scene {
  cue: string;
  duration: number;
}

const SETLIST_COLUMNS = ["cue", "duration"] as const;

const MACRO_COLUMNS = ["macro", "at", "kind", "cue", "path", "par", "vkind", "value"] as const;

const ENGINE = `# Plays the cues and macros of this network (see the tables). Runs at the start of every frame.

def setValue(path, name, kind, value):
    target = op(path)
    if target is None:
        return
    p = target.par[name]
    if p is None:
        return
    if kind == 'str':
        p.val = value
    elif kind == 'int':
        p.val = int(float(value))
    else:
        p.val = float(value)
    return

def fire(comp, cue):
    table = op('cues')
    found = 0
    for r in range(1, table.numRows):
        if table[r, 'cue'].val != cue:
            continue
        found = 1
        comp.par.Firefade = float(table[r, 'fade'].val)
        if table[r, 'kind'].val != 'num':
            setValue(table[r, 'path'].val, table[r, 'par'].val, table[r, 'kind'].val, table[r, 'value'].val)
    if found:
        comp.par.Current = cue
        comp.par.Firetime = absTime.seconds
        comp.par.Lasttime = absTime.seconds
        comp.par.Fading = 1
    return

def stepMacro(comp, now):
    name = comp.par.Macro.eval()
    if name == '':
        return
    table = op('macros')
    elapsed = now - comp.par.Macrostart.eval()
    done = int(comp.par.Macrostep.eval())
    index = 0
    waiting = 0
    for r in range(1, table.numRows):
        if table[r, 'macro'].val != name:
            continue
        index = index + 1
        if index <= done:
            continue
        if float(table[r, 'at'].val) > elapsed:
            waiting = 1
            break
        if table[r, 'kind'].val == 'cue':
            fire(comp, table[r, 'cue'].val)
        else:
            setValue(table[r, 'path'].val, table[r, 'par'].val, table[r, 'vkind'].val, table[r, 'value'].val)
        comp.par.Macrostep = index
    if not waiting:
        comp.par.Macro = ''
    return

def fade(comp, now):
    if not comp.par.Fading.eval():
        return
    end = comp.par.Firetime.eval() + comp.par.Firefade.eval()
    last = comp.par.Lasttime.eval()
    share = 1.0
    if now < end and end > last:
        share = min(1.0, max(0.0, (now - last) / (end - last)))
    cue = comp.par.Current.eval()
    table = op('cues')
    for r in range(1, table.numRows):
        if table[r, 'cue'].val != cue or table[r, 'kind'].val != 'num':
            continue
        target = op(table[r, 'path'].val)
        if target is None:
            continue
        p = target.par[table[r, 'par'].val]
        if p is None:
            continue
        now_value = float(p.eval())
        p.val = now_value + (float(table[r, 'value'].val) - now_value) * share
    comp.par.Lasttime = now
    if now >= end:
        comp.par.Fading = 0
    return

def startScene(comp, index, now):
    table = op('setlist')
    if index >= table.numRows:
        if not comp.par.Loopsetlist.eval() or table.numRows < 2:
            comp.par.Scene = 0
            return
        index = 1
    comp.par.Scene = index
    comp.par.Scenestart = now
    fire(comp, table[index, 'cue'].val)
    return

def stepSetlist(comp, now):
    command = comp.par.Pendingsetlist.eval()
    if command != '':
        comp.par.Pendingsetlist = ''
        if command == 'start':
            startScene(comp, 1, now)
        elif command == 'next' and int(comp.par.Scene.eval()) > 0:
            startScene(comp, int(comp.par.Scene.eval()) + 1, now)
        elif command == 'stop':
            comp.par.Scene = 0
        return
    scene = int(comp.par.Scene.eval())
    table = op('setlist')
    if scene <= 0 or scene >= table.numRows:
        return
    duration = float(table[scene, 'duration'].val)
    if duration > 0 and now - comp.par.Scenestart.eval() >= duration:
        startScene(comp, scene + 1, now)
    return

def onFrameStart(frame):
    comp = parent()
    now = absTime.seconds
    macro = comp.par.Pendingmacro.eval()
    if macro != '':
        comp.par.Pendingmacro = ''
        comp.par.Macro = macro
        comp.par.Macrostart = now
        comp.par.Macrostep = 0
    cue = comp.par.Pending.eval()
    if cue != '':
        comp.par.Pending = ''
        fire(comp, cue)
    stepSetlist(comp, now)
    stepMacro(comp, now)
    fade(comp, now)
    return
`;

const GO = `# Go on the panel fires the cue typed in Cue; Next goes to the setlist's next scene.

def onPulse(par):
    if par.name == 'Next':
        parent().par.Pendingsetlist = 'next'
    else:
        parent().par.Pending = parent().par.Cue.eval()
    return
`;

function block(text: string, indent: string, lang = ""): string[] {
  return [
    "```" + lang,
    ...text
      .replace(/\n$/, "")
      .split("\n")
      .map((l) => (l === "" ? "" : indent + l)),
    indent + "```",
  ];
}

function table(columns: readonly string[], rows: string[][]): string {
  return [columns.join("\t"), ...rows.map((r) => r.join("\t"))].join("\n") + "\n";
}

const fmt = (n: number) => String(Number(n.toFixed(6)));

function cueRows(cues: readonly Cue[]): string[][] {
  return cues.flatMap((c) => c.values.map((v) => [c.name, fmt(c.fade), v.path, v.par, v.kind, v.value]));
}

function macroRows(macros: readonly Macro[]): string[][] {
  return macros.flatMap((m) =>
    m.steps.map((s) =>
      s.kind === "cue"
        ? [m.name, fmt(s.at), "cue", s.cue, "", "", "", ""]
        : [m.name, fmt(s.at), "set", "", s.path, s.par, s.valueKind, s.value],
    ),
  );
}

/** Reads a table's text back into rows of the named columns (missing cells are ""). */
function readTable(text: string): Array<Record<string, string>> {
  const lines = text.split(/\r?\n/).filter((l) => l !== "");
  const head = (lines[0] ?? "").split("\t");
  return lines.slice(1).map((l) => {
    const cells = l.split("\t");
    return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? ""]));
  });
}

export function setlistFromTable(text: string): Scene[] {
  return readTable(text)
    .filter((row) => (row.cue ?? "") !== "")
    .map((row) => ({ cue: row.cue ?? "", duration: Number(row.duration) || 0 }));
}

export function cuesFromTable(text: string): Cue[] {
  const byName = new Map<string, Cue>();
  for (const row of readTable(text)) {
    const name = row.cue ?? "";
    if (name === "") continue;
    const cue = byName.get(name) ?? { name, fade: Number(row.fade) || 0, values: [] };
    byName.set(name, cue);
    const kind = (["num", "int", "str"].includes(row.kind ?? "") ? row.kind : "num") as ValueKind;
    cue.values.push({ path: row.path ?? "", par: row.par ?? "", kind, value: row.value ?? "" });
  }
  return [...byName.values()];
}

export function macrosFromTable(text: string): Macro[] {
  const byName = new Map<string, Macro>();
  for (const row of readTable(text)) {
    const name = row.macro ?? "";
    if (name === "") continue;
    const macro = byName.get(name) ?? { name, steps: [] };
    byName.set(name, macro);
    const at = Number(row.at) || 0;
    if (row.kind === "cue") macro.steps.push({ at, kind: "cue", cue: row.cue ?? "" });
    else
      macro.steps.push({
        at,
        kind: "set",
        path: row.path ?? "",
        par: row.par ?? "",
        valueKind: (row.vkind as ValueKind) || "num",
        value: row.value ?? "",
      });
  }
  return [...byName.values()];
}

/** The whole network: the engine, the panel, and the cues and macros as its tables. */
export function cueSource(
  name: string,
  cues: readonly Cue[],
  macros: readonly Macro[],
  setlist: readonly Scene[] = [],
): string {
  return [
    "svcnet 1",
    "",
    "# A show's cues and macros, played inside TouchDesigner: write a cue's name to Pending (or type it in",
    "# Cue and press Go) to fire it; write a macro's name to Pendingmacro to run it.",
    `network ${name} {`,
    '  controls "Cues" {',
    '    Cue: string = "" help "the cue Go fires"',
    '    Go: pulse help "fire the cue named in Cue"',
    '    Current: string = "" help "the cue fired last"',
    "  }",
    "",
    '  controls "Setlist" {',
    '    Scene: int = 0 help "the setlist row playing (0: stopped)"',
    '    Next: pulse help "go to the next scene"',
    '    Loopsetlist: toggle = off label "Loop" help "after the last scene, start again"',
    "  }",
    "",
    '  controls "State" {',
    '    Pending: string = "" help "a cue name written here fires on the next frame"',
    '    Pendingmacro: string = "" help "a macro name written here starts on the next frame"',
    "    Fading: toggle = off",
    "    Firetime: float = 0",
    "    Lasttime: float = 0",
    "    Firefade: float = 0",
    '    Macro: string = "" help "the macro running"',
    "    Macrostart: float = 0",
    "    Macrostep: int = 0",
    '    Pendingsetlist: string = "" help "start, next or stop, done on the next frame"',
    "    Scenestart: float = 0",
    "  }",
    "",
    "  # Every value of every cue: a row per parameter (kind num fades; int and str are set when it fires).",
    "  cues: tableDAT {",
    "    text: " + block(table(CUE_COLUMNS, cueRows(cues)), "      ").join("\n"),
    "  }",
    "",
    "  # Every step of every macro, at its time in seconds from the macro's start.",
    "  macros: tableDAT {",
    "    text: " + block(table(MACRO_COLUMNS, macroRows(macros)), "      ").join("\n"),
    "  }",
    "",
    "  # The setlist: scenes in order, each a cue and how long it plays (0: until Next).",
    "  setlist: tableDAT {",
    "    text: " +
      block(
        table(
          SETLIST_COLUMNS,
          setlist.map((sc) => [sc.cue, fmt(sc.duration)]),
        ),
        "      ",
      ).join("\n"),
    "  }",
    "",
    "  engine: executeDAT {",
    "    active: on",
    "    framestart: on",
    "    text: " + block(ENGINE, "      ", "python").join("\n"),
    "  }",
    "",
    "  go: parameterexecuteDAT {",
    "    active: on",
    "    custom: on",
    "    onpulse: on",
    `    op: /project1/${name}`,
    '    pars: "Go Next"',
    "    text: " + block(GO, "      ", "python").join("\n"),
    "  }",
    "}",
    "",
  ].join("\n");
}
