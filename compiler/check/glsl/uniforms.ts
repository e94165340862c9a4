/**
 * Which uniforms a shader declares and uses, read from its text (comments removed). This is a
 * lexical reading, not a parse: enough to compare with the uniform names set on the node.
 */

export interface DeclaredUniform {
  name: string;
  /** 1-based line of the declaration in the shader. */
  line: number;
  /** True when the name appears anywhere besides its declaration. */
  used: boolean;
}

/** The shader with comments replaced by spaces, newlines kept (so offsets and lines stay put). */
export function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, " "));
}

// `uniform [qualifiers] type name[, name2][...];` — blocks (`uniform Name { ... }`) have no match.
const DECLARATION =
  /\buniform\s+((?:(?:layout\s*\([^)]*\)|lowp|mediump|highp|flat|smooth)\s+)*)([A-Za-z_]\w*)\s+([^;{}()]+);/g;

export function declaredUniforms(text: string): DeclaredUniform[] {
  const code = stripComments(text);
  const found: DeclaredUniform[] = [];
  for (const m of code.matchAll(DECLARATION)) {
    const line = code.slice(0, m.index).split("\n").length;
    for (const declarator of m[3]!.split(",")) {
      const name = /^\s*([A-Za-z_]\w*)/.exec(declarator)?.[1];
      if (name === undefined) continue;
      const uses = code.match(new RegExp(`\\b${name}\\b`, "g"))?.length ?? 0;
      found.push({ name, line, used: uses > 1 });
    }
  }
  return found;
}
