/** Text keys used to compare what people type with operator and parameter names. */

/** Lower case, letters and digits only: "Movie File In TOP" → "moviefileintop". */
export function compactKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Lower-case words: "Movie File-In" → ["movie", "file", "in"]. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}
