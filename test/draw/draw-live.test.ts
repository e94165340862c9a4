/** `svc draw <live path>`: a network applied to tdsim, read back through the bridge and drawn. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { drawProgram } from "../../runtime/draw/draw.js";
import { svgToPng } from "../../runtime/draw/png.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";
import { runSvc } from "../cli/run-cli.js";

const EXAMPLE = "examples/control-panel.svcnet";
const live = useLiveSim();
const tiles = (svg: string) => [...svg.matchAll(/<g class="node" data-path="([^"]+)">/g)].map((m) => m[1]).sort();
const wires = (svg: string) => [...svg.matchAll(/<title>([^<]+ -&gt; [^<]+)<\/title>/g)].map((m) => m[1]).sort();

describe("svc draw of a live network", () => {
  it("draws what the bridge reports: the same nodes, COMP inside and wires as the source that built it", async () => {
    const apply = await runSvc(["apply", EXAMPLE], live.env);
    expect(apply.code).toBe(0);
    const run = await runSvc(["draw", "/project1/panel"], live.env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const fromFile = await drawProgram(EXAMPLE);
    if (!fromFile.ok) throw new Error("the example does not compile");
    expect(tiles(run.stdout)).toEqual(tiles(fromFile.svg));
    expect(tiles(run.stdout)).toContain("/project1/panel/look/tint1");
    expect(wires(run.stdout)).toEqual(wires(fromFile.svg));
  });

  it("says so when nothing is at the path", async () => {
    const run = await runSvc(["draw", "/project1/nothing_here"], live.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("nothing is at /project1/nothing_here");
  });
});

describe("svc draw --thumbnails", () => {
  const SOURCE = `svcnet 1
network thumbs {
  red1: constantTOP { colorr: 1, colorg: 0, colorb: 0, resolution: 64x32 }
  null1: nullTOP [display]
  lfo1: lfoCHOP
  red1 -> null1
}
`;

  it("shows each TOP's image, as the bridge renders it, in its tile, and no image in other tiles", async () => {
    const input = { text: SOURCE, file: "thumbs.svcnet" };
    expect((await applyFile(live.client, input, { verify: false })).ok).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "svc-thumbs-"));
    try {
      const run = await runSvc(
        ["draw", "/project1/thumbs", "--thumbnails", "--svg", join(dir, "t.svg"), "--png", join(dir, "t.png")],
        live.env,
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const svg = readFileSync(join(dir, "t.svg"), "utf8");
      const tile = (path: string) => svg.slice(svg.indexOf(`data-path="${path}"`)).split("</g>")[0]!;
      for (const top of ["/project1/thumbs/red1", "/project1/thumbs/null1"]) {
        const data =
          /<image class="thumbnail" x="([\d.]+)" y="([\d.]+)"[^>]*href="data:image\/png;base64,([^"]+)"/.exec(
            tile(top),
          );
        expect(data, top).not.toBeNull();
        const image = decodePng(Buffer.from(data![3]!, "base64"));
        expect([image.width, image.height]).toEqual([64, 32]);
        expect([...image.rgba.slice(0, 4)]).toEqual([255, 0, 0, 255]);
      }
      expect(tile("/project1/thumbs/lfo1")).not.toContain("<image");
      // resvg draws the embedded images: the picture has red pixels, which no tile, wire or text colour is.
      const png = decodePng(readFileSync(join(dir, "t.png")));
      let red = 0;
      for (let i = 0; i < png.rgba.length; i += 4)
        if (png.rgba[i]! > 200 && png.rgba[i + 1]! < 40 && png.rgba[i + 2]! < 40) red++;
      expect(red).toBeGreaterThan(1000);
      const plain = decodePng(
        (
          await svgToPng(
            (
              (await drawProgram({ text: SOURCE, file: "thumbs.svcnet" }, { rootPath: () => "/project1/thumbs" })) as {
                svg: string;
              }
            ).svg,
          )
        ).data,
      );
      let plainRed = 0;
      for (let i = 0; i < plain.rgba.length; i += 4)
        if (plain.rgba[i]! > 200 && plain.rgba[i + 1]! < 40 && plain.rgba[i + 2]! < 40) plainRed++;
      expect(plainRed).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs the frames once: the tiles of a feedback loop show the same run, at most a frame apart", async () => {
    // Each frame adds a tenth of grey to the loop: after 5 frames the sum and its output read the same.
    const LOOP = `svcnet 1
network loop5 {
  grey: constantTOP { colorr: 0.1, colorg: 0.1, colorb: 0.1, resolution: 32x32 }
  fb: feedbackTOP { top: sum }
  sum: addTOP
  out1: nullTOP [display]
  grey -> fb
  grey -> sum[0]
  fb -> sum[1]
  sum -> out1
}
`;
    expect((await applyFile(live.client, { text: LOOP, file: "loop5.svcnet" }, { verify: false })).ok).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "svc-thumbs-loop-"));
    try {
      const run = await runSvc(
        ["draw", "/project1/loop5", "--thumbnails", "--frames", "5", "--svg", join(dir, "t.svg")],
        live.env,
      );
      expect(run.code, run.stderr).toBe(0);
      const svg = readFileSync(join(dir, "t.svg"), "utf8");
      const red = (path: string) => {
        const tile = svg.slice(svg.indexOf(`data-path="${path}"`)).split("</g>")[0]!;
        const data = /href="data:image\/png;base64,([^"]+)"/.exec(tile)![1]!;
        return decodePng(Buffer.from(data, "base64")).rgba[0]!;
      };
      const sum = red("/project1/loop5/sum");
      const out = red("/project1/loop5/out1");
      // The loop ran its 5 frames once (about 5 tenths of grey in the sum). The images are read one
      // after another while the loop plays on, as in TouchDesigner, so the output may be a frame
      // later, never the 5 frames later it was when each tile ran the frames for itself.
      expect(sum).toBeGreaterThanOrEqual(5 * 25);
      expect(out - sum).toBeGreaterThanOrEqual(0);
      expect(out - sum).toBeLessThanOrEqual(26);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("for a file, starts its own tdsim, applies the file there and shows its TOPs' images; a file that does not apply gets no picture", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-thumbs-file-"));
    try {
      const file = join(dir, "thumbs.svcnet");
      writeFileSync(file, SOURCE);
      // No bridge in the environment: the thumbnails come from the tdsim svc starts for the file.
      const run = await runSvc(["draw", file, "--thumbnails", "--svg", join(dir, "t.svg")], {});
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const svg = readFileSync(join(dir, "t.svg"), "utf8");
      const tile = (path: string) => svg.slice(svg.indexOf(`data-path="${path}"`)).split("</g>")[0]!;
      const data = /href="data:image\/png;base64,([^"]+)"/.exec(tile("/project1/thumbs/red1"));
      expect(data).not.toBeNull();
      const image = decodePng(Buffer.from(data![1]!, "base64"));
      expect([image.width, image.height]).toEqual([64, 32]);
      expect([...image.rgba.slice(0, 4)]).toEqual([255, 0, 0, 255]);
      expect(tile("/project1/thumbs/lfo1")).not.toContain("<image");

      const broken = join(dir, "broken.svcnet");
      writeFileSync(
        broken,
        SOURCE.replace("null1: nullTOP [display]", "null1: nullTOP [display]\n  text1: textDAT { text: = op('x' }"),
      );
      const failed = await runSvc(["draw", broken, "--thumbnails", "--svg", join(dir, "b.svg")], {});
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("svc draw: no picture");
      expect(existsSync(join(dir, "b.svg"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
