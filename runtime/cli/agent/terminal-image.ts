/**
 * A PNG drawn in the terminal itself, for `svc-agent preview --inline` on a terminal. Two escape
 * protocols cover the terminals that draw pictures: kitty's graphics protocol (kitty, Ghostty) and
 * iTerm2's inline images (iTerm2, WezTerm, VS Code's terminal with images enabled, mintty). Other
 * terminals ignore the sequence. Which one a terminal speaks is read from TERM / TERM_PROGRAM;
 * SVC_TERMINAL_IMAGES=kitty|iterm|off overrides the guess. The tests check the bytes against each
 * protocol's published format; that a given terminal draws them is UNVERIFIED here (to check: run
 * `svc-agent preview --inline <top>` in kitty and in iTerm2 or WezTerm against `svc sim`).
 */

export type ImageProtocol = "kitty" | "iterm" | "off";

export function imageProtocol(env: NodeJS.ProcessEnv): ImageProtocol {
  const chosen = env.SVC_TERMINAL_IMAGES;
  if (chosen === "kitty" || chosen === "iterm" || chosen === "off") return chosen;
  if (env.TERM === "xterm-kitty" || env.TERM === "xterm-ghostty" || env.KITTY_WINDOW_ID !== undefined) return "kitty";
  return "iterm";
}

/** kitty sends base64 PNG data in chunks of at most 4096 bytes, `m=1` on every chunk but the last. */
const KITTY_CHUNK = 4096;

export function terminalImage(png: Buffer, protocol: Exclude<ImageProtocol, "off">, name: string): string {
  const data = png.toString("base64");
  if (protocol === "iterm") {
    const file = Buffer.from(name).toString("base64");
    return `\u001b]1337;File=name=${file};size=${png.length};inline=1;preserveAspectRatio=1:${data}\u0007\n`;
  }
  const chunks: string[] = [];
  for (let at = 0; at < data.length; at += KITTY_CHUNK) {
    const more = at + KITTY_CHUNK < data.length ? 1 : 0;
    const keys = at === 0 ? `a=T,f=100,m=${more}` : `m=${more}`;
    chunks.push(`\u001b_G${keys};${data.slice(at, at + KITTY_CHUNK)}\u001b\\`);
  }
  return chunks.join("") + "\n";
}
