/**
 * TDN text as the specification lays it out: YAML, short numeric vectors (position, size, colour:
 * up to four numbers) in flow style, multi-line text as a literal block whose chomping keeps the
 * exact trailing newlines, everything else in block style.
 */
import { Document, isSeq, visit } from "yaml";
import type { TdnObject } from "./document.js";

export function tdnYaml(document: TdnObject): string {
  const doc = new Document(document);
  visit(doc, {
    Seq(_, node) {
      if (
        isSeq(node) &&
        node.items.length > 0 &&
        node.items.length <= 4 &&
        node.items.every((i) => typeof (i as { value?: unknown }).value === "number")
      )
        node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, blockQuote: "literal", indentSeq: false, flowCollectionPadding: false });
}
