/**
 * The built system folder. These tests read dist/, so they run in the "build" project, after
 * `npm run build` (npm test builds first); `npm run test:unit` runs without a build.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BUNDLE_FILE, ZIP_FILE, isZipped, listFiles } from "../../scripts/system-files.ts";
import { REPO_ROOT } from "../fake-foundry/index.ts";

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const manifest = readJson(resolve(REPO_ROOT, "system.json")) as {
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
};
const DIST = resolve(REPO_ROOT, "dist");

describe("the built system folder (dist/)", () => {
  it("contains every file system.json names", () => {
    const named = [
      ...manifest.esmodules,
      ...manifest.styles,
      ...manifest.languages.map((language) => language.path),
      "system.json",
      "template.json",
    ];
    for (const path of named) expect(existsSync(join(DIST, path)), path).toBe(true);
    expect(manifest.esmodules).toEqual([BUNDLE_FILE]);
  });

  it("ships every template the code refers to", () => {
    const sources = listFiles(resolve(REPO_ROOT, "src")).map((path) =>
      readFileSync(resolve(REPO_ROOT, "src", path), "utf8"),
    );
    const referenced = new Set(
      sources.flatMap((text) => [...text.matchAll(/templates\/[\w/-]+\.hbs/g)].map((m) => m[0])),
    );
    expect(referenced.size).toBeGreaterThan(0);
    for (const path of referenced) expect(existsSync(join(DIST, path)), path).toBe(true);
  });

  it("zips exactly the folder's files at the zip's root, without the source map", () => {
    const zipped = Object.keys(unzipSync(readFileSync(join(DIST, ZIP_FILE)))).sort();
    const onDisk = listFiles(DIST).filter(isZipped).sort();
    expect(zipped).toEqual(onDisk);
    expect(zipped).toContain("system.json");
    expect(zipped.filter((path) => path.endsWith(".map"))).toEqual([]);
    // The map stays beside the zip, and the release bundle does not ask for it.
    expect(existsSync(join(DIST, `${BUNDLE_FILE}.map`))).toBe(true);
    expect(readFileSync(join(DIST, BUNDLE_FILE), "utf8")).not.toContain("sourceMappingURL");
  });

  it("is the same system.json as the source", () => {
    expect(readJson(join(DIST, "system.json"))).toEqual(manifest);
  });
});
