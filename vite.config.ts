import { cpSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vite";
import type { Plugin } from "vite";
import { buildPacks, describeBuiltPacks } from "./scripts/packs.ts";
import { BUNDLE_FILE, STATIC_ENTRIES, WORKER_FILE } from "./scripts/system-files.ts";

const root = import.meta.dirname;
const outDir = resolve(root, "dist");

/**
 * Copies the system's static files next to the bundle. `npm run build` then compiles the packs
 * and writes the zip (scripts/packs.ts), so the zip holds the packs too. `npm run watch` compiles
 * the packs once, when dist/ has none (Foundry keeps a pack open while it runs; rebuild them
 * with `npx tsx scripts/packs.ts` with Foundry stopped).
 */
function systemFolder(): Plugin {
  return {
    name: "fray-system-folder",
    async writeBundle() {
      for (const entry of STATIC_ENTRIES) {
        cpSync(resolve(root, entry), resolve(outDir, entry), { recursive: true });
      }
      if (this.meta.watchMode && !existsSync(resolve(outDir, "packs"))) {
        console.log(describeBuiltPacks(await buildPacks(root, outDir)));
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  publicDir: false,
  // Relative URLs: the worker file is found next to fray.mjs wherever Foundry serves the system.
  base: "./",
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // The map is written beside the bundle (dist/fray.mjs.map) for debugging, but the release zip
    // leaves it out (see zipSystem). A release build does not point the bundle at it ("hidden"),
    // so an installed zip never asks for a file it lacks; `npm run watch` links it for devtools.
    sourcemap: mode === "development" ? true : "hidden",
    minify: false,
    lib: {
      entry: resolve(root, "src/fray.ts"),
      formats: ["es"],
      fileName: () => BUNDLE_FILE,
    },
  },
  // The encounter simulator's Web Worker (src/foundry/simulator/worker.ts) is a second bundle,
  // written next to fray.mjs under a fixed name: the main bundle starts it with
  // `new Worker(new URL(...), { type: "module" })`, which Vite rewrites to that file.
  worker: {
    format: "es",
    rolldownOptions: { output: { entryFileNames: WORKER_FILE } },
  },
  plugins: [systemFolder()],
}));
