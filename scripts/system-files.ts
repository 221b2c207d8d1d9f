/**
 * What goes into the installable system folder besides the bundle, and how the release zip is
 * made. Used by the Vite build and by the manifest tests, so both agree on one list.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { zipSync } from "fflate";

/** Files and folders copied as they are into dist/. */
export const STATIC_ENTRIES = [
  "system.json",
  "template.json",
  "LICENSE",
  "README.md",
  "lang",
  "templates",
  "styles",
] as const;

export const BUNDLE_FILE = "fray.mjs";
/** The encounter simulator's Web Worker, a second bundle beside the first (not in esmodules). */
export const WORKER_FILE = "simulator-worker.mjs";
export const ZIP_FILE = "fray.zip";

/** Every file below `dir`, as sorted forward-slash paths relative to `dir`. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split(sep).join("/"));
    }
  };
  walk(dir);
  return out;
}

/**
 * Files of dist/ that stay out of the release zip: the zip itself, the source map, and each
 * LevelDB pack's lock and its LOG files (LevelDB's diary of the build, with the build's times;
 * Foundry writes its own when it opens the pack).
 */
export function isZipped(path: string): boolean {
  if (/^packs\/[^/]+\/(LOCK|LOG|LOG\.old)$/.test(path)) return false;
  return path !== ZIP_FILE && !path.endsWith(".map");
}

/** A fixed timestamp keeps the zip byte-identical from one clean build to the next. */
const ZIP_MTIME = new Date("2026-01-01T00:00:00Z");

/**
 * The release zip of a built system folder: its files at the zip's root, sorted, no dates. The
 * source map (about 60% of the bytes) is not shipped; it stays beside the zip in dist/.
 */
export function zipSystem(distDir: string): Uint8Array {
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const path of listFiles(distDir)) {
    if (!isZipped(path)) continue;
    entries[path] = [readFileSync(join(distDir, path)), { mtime: ZIP_MTIME }];
  }
  return zipSync(entries, { level: 9 });
}
