import { cpSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vite";
import type { Plugin } from "vite";
import { BUNDLE_FILE, STATIC_ENTRIES, ZIP_FILE, zipSystem } from "./scripts/system-files.ts";

const root = import.meta.dirname;
const outDir = resolve(root, "dist");

/** Copies the system's static files next to the bundle and, outside watch mode, zips it all. */
function systemFolder(): Plugin {
  return {
    name: "fray-system-folder",
    writeBundle() {
      for (const entry of STATIC_ENTRIES) {
        cpSync(resolve(root, entry), resolve(outDir, entry), { recursive: true });
      }
      if (this.meta.watchMode) return;
      rmSync(resolve(outDir, ZIP_FILE), { force: true });
      writeFileSync(resolve(outDir, ZIP_FILE), zipSystem(outDir));
    },
  };
}

export default defineConfig({
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    minify: false,
    lib: {
      entry: resolve(root, "src/fray.ts"),
      formats: ["es"],
      fileName: () => BUNDLE_FILE,
    },
  },
  plugins: [systemFolder()],
});
