/** The loop's root template that builds a network named after the last part of `root` at `root`. */
export function rootPathOf(root: string): string {
  const parent = root.slice(0, root.lastIndexOf("/"));
  return `${parent}/{network}`;
}
