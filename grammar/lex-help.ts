/** The help texts of the lexer's diagnostics, and the shortening of what they quote. */

/** Long words are cut in messages: a diagnostic about a 1 MB token should not be 1 MB. */
export function shorten(image: string): string {
  return image.length > 40 ? `${image.slice(0, 40)}…` : image;
}

/** A run of characters as a message quotes it: cut at 20, control characters written as escapes. */
export function printableRun(image: string): string {
  const cut = image.length > 20 ? `${image.slice(0, 20)}…` : image;
  return cut.replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`);
}

/** What a run of characters that mean nothing in .svcnet was probably meant to be. */
export function strayHelp(image: string): string[] {
  const first = image[0]!;
  if (first === ";") return ["statements end at the end of a line: remove the ';'"];
  if (first === "'") return ['strings are written in double quotes: "text"'];
  if (first === "-") return ["a negative number is written without a space: -1; a wire is written '->'"];
  if (first === "@") return ["an operator is referred to by its name (level1) or its path (../level1)"];
  if (first === "/") return ["an operator path is written like ../level1 or /project1/out1"];
  if (first === "$") return ["a recipe parameter is written $name"];
  if (first === "\u0000" || /[\u0001-\u001f]/.test(first))
    return ["the file contains a control character; is it a binary file?"];
  if (/[^\x00-\x7f]/.test(first))
    return ["names use ASCII letters, digits and '_'; other text goes in a string \"...\""];
  return ["this character has no meaning in .svcnet outside a string"];
}

/** How to write a colour, fitted to the digits that were written. */
export function colourHelp(run: string, allHex: boolean): string[] {
  if (allHex && run.length === 3) {
    const long = [...run]
      .map((ch) => ch + ch)
      .join("")
      .toLowerCase();
    return [`a colour has 6 or 8 hex digits: write #${long}`];
  }
  if (allHex) return [`a colour has 6 (#rrggbb) or 8 (#rrggbbaa) hex digits; this one has ${run.length}`];
  return [
    "a colour is '#' and 6 or 8 hex digits (0-9, a-f), e.g. #ff8800",
    "a comment starts with '# ' (a space after '#')",
  ];
}
