// Generated .svcnet programs shaped like real networks, shared by the compiler and layout benchmarks.

/**
 * Groups of five TOPs (noise, level, composite, transform, null) chained group to group, with
 * constants, tuplets, menus, expressions and binds to a control of the network; in COMPs of 100
 * nodes for the compile cases, all in one level for the layout cases. `tag` starts every name.
 */
export function group(g, indent, previous, tag = "") {
  const p = `${tag}g${g}_`;
  const lines = [
    `${indent}${p}noise: noiseTOP { period: ${(g % 7) + 0.5}, resolution: 640x360, seed: = me.digits * ${g} }`,
    `${indent}${p}level: levelTOP { brightness1: bind Gain, opacity: 0.8 }`,
    `${indent}${p}comp: compositeTOP { operand: multiply }`,
    `${indent}${p}xf: transformTOP { rotate: = absTime.seconds * ${g % 11}, s: (1.1, 1.1), extend: mirror }`,
    `${indent}${p}out: nullTOP`,
    `${indent}${p}noise -> ${p}level -> ${p}comp[0]`,
    `${indent}${p}comp -> ${p}xf -> ${p}out`,
    `${indent}${previous ?? `${p}noise`} -> ${p}comp[1]`,
  ];
  return { lines, last: `${p}out` };
}

function level(nodeCount, indent, tag = "") {
  const lines = [];
  let last;
  for (let g = 0; g < nodeCount / 5; g++) {
    const out = group(g, indent, last, tag);
    lines.push(...out.lines);
    last = out.last;
  }
  return lines;
}

/**
 * kind "layout": one level; "compile": COMPs of 100 nodes, each a copy of the same network (its
 * names too: svc lays such copies out once); "distinct": COMPs of 100 nodes whose names start with
 * the COMP's number, so that no two are alike and each is laid out on its own.
 */
export function generate(kind, nodeCount) {
  const lines = ["svcnet 1", "network bench {", "  controls {", '    Gain: float = 0.5 range 0..1 label "Gain"', "  }"];
  if (kind === "layout") {
    lines.push(...level(nodeCount, "  "));
  } else {
    // COMPs of 100 nodes: one COMP node plus 99 inside would break the groups of five, so each
    // COMP holds 100 and the COMP nodes themselves are counted on top (1% more).
    const tag = (c) => (kind === "distinct" ? `c${c}` : "");
    for (let c = 0; c < nodeCount / 100; c++)
      lines.push(`  comp${c}: baseCOMP {`, "    network {", ...level(100, "      ", tag(c)), "    }", "  }");
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}
