/**
 * The situation lines of an attack card as a person reads them (templates/cards/parts/
 * situation.hbs): one text per factor, "≠ " before a line whose claim differs from the scene.
 */
export function sceneCallLines(content: string): string[] {
  return [...content.matchAll(/<li class="fray-scene-call([^"]*)">([\s\S]*?)<\/li>/g)].map(
    (m) =>
      `${(m[1] ?? "").includes("differs") ? "≠ " : ""}${(m[2] ?? "")
        .replace(/\s+/g, " ")
        .replace(/<[^>]+>/g, "")
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .trim()}`,
  );
}
