/**
 * A Python API class as svc serves it (get_td_docs and svc://python-api/{class}): its bases and its
 * members, inherited ones included with the class that declares them.
 */
import { z } from "zod";
import type { Kb } from "./kb-access.js";

const memberDocSchema = z.object({
  name: z.string(),
  kind: z.string(),
  type: z.string().optional(),
  signature: z.string().optional(),
  returns: z.string().optional(),
  readOnly: z.boolean().optional(),
  declaredBy: z.string(),
});
type MemberDoc = z.infer<typeof memberDocSchema>;

export const classDocSchema = z.object({
  name: z.string(),
  category: z.string(),
  inherits: z.array(z.string()),
  /** How many members the class has (own and inherited), before any filter. */
  memberCount: z.number(),
  members: z.array(memberDocSchema),
  callbacks: z.array(z.object({ name: z.string(), signature: z.string().nullable() })).optional(),
});
export type ClassDoc = z.infer<typeof classDocSchema>;

export function classDoc(kb: Kb, name: string, match?: string): ClassDoc | undefined {
  const cls = kb.getPythonClass(name);
  if (!cls) return undefined;
  const all = kb.allMembers(name);
  const needle = match?.toLowerCase();
  const members = all
    .filter(({ member }) => !needle || member.name.toLowerCase().includes(needle))
    .map(({ member, declaredBy }) => {
      const doc: MemberDoc = { name: member.name, kind: member.kind, declaredBy };
      if (member.type) doc.type = member.type;
      if (member.signature) doc.signature = member.signature;
      if (member.returns) doc.returns = member.returns;
      if (member.readOnly !== undefined) doc.readOnly = member.readOnly;
      return doc;
    });
  const doc: ClassDoc = {
    name: cls.name,
    category: cls.category,
    inherits: [...cls.inherits],
    memberCount: all.length,
    members,
  };
  if (cls.callbacks?.length) doc.callbacks = cls.callbacks.map((c) => ({ name: c.name, signature: c.signature }));
  return doc;
}

export function classLine(doc: ClassDoc): string {
  const bases = doc.inherits.length ? ` (inherits ${doc.inherits.join(" → ")})` : "";
  const shown =
    doc.members.length === doc.memberCount
      ? `${doc.memberCount} members`
      : `${doc.members.length} of ${doc.memberCount} members`;
  return `Python class ${doc.name}${bases}: ${shown}`;
}
