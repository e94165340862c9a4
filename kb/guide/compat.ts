/** Release knowledge beyond kb/data (published builds, experimental series) and compatibility entries. */
import { readGuideFile } from "./load.js";
import {
  CompatFile,
  ReleasesGuideFile,
  type ExperimentalEntry,
  type OperatorCompat,
  type PublishedProfile,
  type PythonCompat,
} from "./schema-docs.js";

export function publishedProfiles(): PublishedProfile[] {
  return readGuideFile("releases.yaml", ReleasesGuideFile).profiles;
}

export function experimentalSeries(): ExperimentalEntry[] {
  return readGuideFile("releases.yaml", ReleasesGuideFile).experimental;
}

export function getExperimental(id: string): ExperimentalEntry | undefined {
  return experimentalSeries().find((e) => e.id.toLowerCase() === id.trim().toLowerCase());
}

export function operatorCompat(): OperatorCompat[] {
  return readGuideFile("compat.yaml", CompatFile).operators;
}

export function getOperatorCompat(type: string): OperatorCompat | undefined {
  return operatorCompat().find((e) => e.operator === type);
}

export function pythonCompat(): PythonCompat[] {
  return readGuideFile("compat.yaml", CompatFile).python;
}

/** A class (`Par`) or a member (`Par.isPar`, or a bare member name found in one class). */
export function findPythonCompat(classOrMember: string): { entry: PythonCompat; member?: string } | undefined {
  const [cls, member] = classOrMember.trim().split(".", 2) as [string, string | undefined];
  const byClass = pythonCompat().find((e) => e.class.toLowerCase() === cls.toLowerCase());
  if (byClass) {
    if (member === undefined) return { entry: byClass };
    return byClass.membersOnlyInOlderDocs.includes(member) ? { entry: byClass, member } : undefined;
  }
  if (member !== undefined) return undefined;
  const holder = pythonCompat().find((e) => e.membersOnlyInOlderDocs.includes(cls));
  return holder ? { entry: holder, member: cls } : undefined;
}
