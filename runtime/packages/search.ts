/** Finding packages in a package folder by words: each word must appear in the name, description or a recipe's or component's name. */
import { listPublished, type PublishedPackage } from "./bundle.js";

export function searchPublished(packageDir: string, query: string): PublishedPackage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const newest = new Map<string, PublishedPackage>();
  for (const p of listPublished(packageDir)) newest.set(p.name, p);
  return [...newest.values()].filter((p) => {
    const hay = [
      p.name,
      p.manifest.description,
      ...p.manifest.recipes.map((r) => r.name),
      ...p.manifest.components.map((c) => c.name),
    ]
      .join(" ")
      .toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
