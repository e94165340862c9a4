import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { pageOf } from "./dat-pages.js";
import { segment, tdPath } from "./live-input.js";

/** Characters per page at most, whatever the line limit: keeps one reply readable. */
const MAX_PAGE_CHARS = 100_000;

export const getDatContent = defineTool({
  name: "get_dat_content",
  title: "DAT text",
  description:
    "Read a DAT's text from the live project, a page of lines at a time; call again with next_offset until it is null.",
  input: {
    path: tdPath("DAT, e.g. /project1/text1"),
    offset: z.number().int().min(0).max(10_000_000).default(0).describe("first line to return (0-based)"),
    limit: z.number().int().min(1).max(5000).default(200).describe("most lines to return"),
  },
  output: {
    path: z.string(),
    text: z.string().describe("the page's lines joined by newlines (tables: cells separated by tabs)"),
    offset: z.number(),
    lineCount: z.number(),
    totalLines: z.number(),
    next_offset: z.number().nullable().describe("offset of the next page; null when this page reaches the end"),
    length: z.number().describe("characters in the whole DAT"),
    lineCut: z.boolean().describe(`a single line longer than ${MAX_PAGE_CHARS} characters was cut`),
    editable: z.boolean(),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, offset, limit }, ctx) {
    const bridge = await ctx.services.bridge();
    // The bridge sends the whole text (it has no paged route); pages are cut here.
    const reply = await bridge.get<{ path: string; text: string; length: number; editable: boolean }>(
      `/api/nodes/${segment(path)}/text`,
    );
    const page = pageOf(reply.text, offset, limit, MAX_PAGE_CHARS);
    if (offset > 0 && offset >= page.totalLines) {
      return failure(
        "offset-past-end",
        `${reply.path} has ${page.totalLines} line${page.totalLines === 1 ? "" : "s"}; offset ${offset} is past the end`,
        {
          details: { totalLines: page.totalLines },
        },
      );
    }
    const data = {
      path: reply.path,
      text: page.text,
      offset,
      lineCount: page.lineCount,
      totalLines: page.totalLines,
      next_offset: page.nextOffset,
      length: reply.length,
      lineCut: page.lineCut,
      editable: reply.editable,
    };
    const range = page.lineCount ? `lines ${offset + 1}-${offset + page.lineCount} of ${page.totalLines}` : "empty";
    return success(
      data,
      `${reply.path}: ${range}${page.nextOffset !== null ? `; next_offset ${page.nextOffset}` : ""}`,
    );
  },
});
