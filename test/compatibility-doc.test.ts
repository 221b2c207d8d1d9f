/**
 * docs/compatibility.md (issue 26, "Ready for v14") lists the v13 APIs Fray uses that v14
 * deprecates or changes, with the plan for each. A page written once goes stale as the code
 * grows: here each watched API that src/ calls must be named on the page, and each API the page
 * says Fray does not use must be absent from the code (comments aside).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const page = readFileSync(join(root, "docs/compatibility.md"), "utf8");

/** Every .ts file under src/ (tests aside), its code without comments. */
function sources(dir: string): { file: string; code: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    if (!name.endsWith(".ts") || name.includes(".test.")) return [];
    const code = readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
      .join("\n");
    return [{ file: path.slice(root.length + 1), code }];
  });
}
const code = sources(join(root, "src"));
const usedBy = (pattern: RegExp) => code.filter((s) => pattern.test(s.code)).map((s) => s.file);

/** A v13 API v14 deprecates or changes: how the code calls it, and the name the page gives it. */
const WATCHED: readonly [RegExp, string][] = [
  [/CONFIG\.statusEffects/, "CONFIG.statusEffects"],
  [/"rollMode"/, "core.rollMode"],
  [/ChatMessage\.applyRollMode\(/, "ChatMessage.applyRollMode"],
  [/foundry\.appv1/, "foundry.appv1"],
  [/hudClass/, "CONFIG.Token.hudClass"],
  [/toggleStatusEffect/, "Actor#toggleStatusEffect"],
  [/applyActiveEffects/, "applyActiveEffects"],
  [/movementHistory/, "TokenDocument#movementHistory"],
  [/"preMoveToken"|"moveToken"/, "preMoveToken"],
  [/rulerClass/, "CONFIG.Token.rulerClass"],
  [/RegionBehaviorType|CONFIG\.RegionBehavior/, "RegionBehaviorType"],
  [/elevation\?*\.bottom/, "RegionDocument#elevation"],
  [/createEmbeddedDocuments\("Region"/, "Region"],
];

describe("docs/compatibility.md", () => {
  it.each(WATCHED)("names %s where src/ uses it", (pattern, name) => {
    const users = usedBy(pattern);
    if (users.length > 0) expect(page, `${users.join(", ")} use ${name}`).toContain(`\`${name}`);
  });

  it.each([
    ["MeasuredTemplate", /\bMeasuredTemplate\b/],
    ["ChatMessage.applyRollMode", /applyRollMode\(/],
  ] as const)("says Fray uses no %s only while the code calls none", (name, pattern) => {
    const claim = /Fray uses no [\s\S]*?\n\n/.exec(page)?.[0] ?? "";
    if (claim.includes(`\`${name}\``)) expect(usedBy(pattern)).toEqual([]);
  });
});
