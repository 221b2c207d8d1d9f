/**
 * The packs' how-to journals are readable on the repository as Markdown in docs/how-to/, written
 * from the same YAML the packs compile; a page left behind after a YAML edit fails here.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { journalDocs } from "../scripts/journal-docs.ts";

const root = resolve(import.meta.dirname, "..");

describe("the how-to pages in docs/", () => {
  const docs = journalDocs(root);

  it("has one page per journal entry of every ruleset's pack", () => {
    const written = readdirSync(join(root, "docs", "how-to")).sort();
    expect(written).toEqual(docs.map(([path]) => path.split(/[\\/]/).at(-1)).sort());
    for (const ruleset of ["worldlines", "wwn", "freelancers", "dicepool", "twodice"]) {
      expect(written).toContain(`${ruleset}-how-to-run-a-fight.md`);
    }
  });

  it("says what the pack's YAML says (run `npm run docs` after editing a journal)", () => {
    for (const [path, text] of docs) {
      expect(readFileSync(join(root, path), "utf8"), path).toBe(text);
    }
  });

  it("keeps every page's sections and names the ruleset", () => {
    const [path, text] = docs.find(([p]) => p.endsWith("dicepool-how-to-run-a-fight.md")) ?? [];
    expect(path).toBeDefined();
    expect(text).toContain("For the dice-pool game.");
    expect(text?.match(/^## /gm)?.length).toBeGreaterThanOrEqual(3);
  });

  it("links each page from the README", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    for (const [path] of docs) expect(readme, path).toContain(`(${path.replace(/\\/g, "/")})`);
  });
});
