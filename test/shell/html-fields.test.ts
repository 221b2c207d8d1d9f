/**
 * The server sanitizes only the HTML paths system.json lists. Every HTML field of every system
 * model is listed, and so is its copy in `system.kept` for each ruleset and for version 0: a
 * kept copy comes back as the live field when the world switches back, so it must be sanitized
 * when it is written too.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { HTMLField } from "../fake-foundry/fields.ts";
import { EMPTY_WORLD, boot } from "./world-reload.support.ts";

const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, "system.json"), "utf8")) as {
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
};

describe("htmlFields", () => {
  it("list every HTML field of every model, and its kept copies", async () => {
    await boot("worldlines", EMPTY_WORLD);
    const { modelOwners, shippedSchemas } = await import("../../src/foundry/data/migrate.ts");
    const copies = [...modelOwners(), "v0"];
    expect(copies.sort()).toEqual([
      "dicepool",
      "freelancers",
      "generic",
      "twodice",
      "v0",
      "worldlines",
      "wwn",
    ]);
    for (const [documentName, types] of Object.entries(manifest.documentTypes)) {
      for (const [type, { htmlFields = [] }] of Object.entries(types)) {
        const html = shippedSchemas(documentName, type).flatMap((schema) =>
          Object.entries(schema.fields)
            .filter(([, field]) => field instanceof HTMLField)
            .map(([name]) => name),
        );
        const expected = [...new Set(html)].flatMap((name) => [
          name,
          ...copies.map((copy) => `kept.${copy}.${name}`),
        ]);
        expect([...htmlFields].sort(), `${documentName}.${type}`).toEqual(expected.sort());
      }
    }
  });
});
