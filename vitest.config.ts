import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest leaves one core free by default: on the 2-core machine CI runs on, that ran the shell
    // files one at a time. Every core runs a file.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // The functional core: pure modules, no Foundry global, so one module graph can serve every
        // file of a worker. Not isolating them halves the CPU the rules tests take.
        test: {
          name: "rules",
          environment: "node",
          include: ["src/**/*.test.ts"],
          isolate: false,
          // Exact-odds checks enumerate or simulate 10⁵ attacks: seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        // The shell against the fake Foundry: each file boots its own world on fresh globals.
        test: {
          name: "unit",
          environment: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/browser/**", "test/build/**"],
          // A worker runs file after file instead of a new process per file (0.7 s of CPU each,
          // a third of the suite's); the setup file empties the module registry and restores the
          // globals before each file, so every file still starts on fresh modules and globals.
          isolate: false,
          setupFiles: ["test/fresh-file.setup.ts"],
          // A shell test drives a whole world through the fake: seconds on a busy 2-core machine.
          testTimeout: 30_000,
          // Importing the whole shell into a fresh fake world takes seconds on a loaded machine.
          hookTimeout: 30_000,
        },
      },
      {
        // Tests of dist/: npm test builds before it runs them; test:unit needs no build.
        test: {
          name: "build",
          environment: "node",
          include: ["test/build/**/*.test.ts"],
          // Reading the built packs and zip, and importing the shell to check them against, take
          // seconds alone and more beside the browser tests.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          environment: "node",
          include: ["test/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Browser files run side by side like every other project's. One at a time, they were
          // the run's critical path: 22 files, 209 s in a row, long after the other projects had
          // finished, with the second core idle.
        },
      },
    ],
  },
});
