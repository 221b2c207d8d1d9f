/**
 * The simulator's Web Worker as built: a second bundle, dist/simulator-worker.mjs, shipped in the
 * zip, that the main bundle starts by a URL relative to itself, and that answers the protocol on
 * its own (it is loaded here with a stand-in for the worker's global scope).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BUNDLE_FILE, WORKER_FILE, ZIP_FILE } from "../../scripts/system-files.ts";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { worldlinesFourVsFour } from "../../src/rules/sim/fixtures.ts";

const DIST = resolve(REPO_ROOT, "dist");

describe("the simulator's worker bundle", () => {
  it("sits next to fray.mjs and in the zip, and fray.mjs finds it relative to itself", () => {
    expect(existsSync(join(DIST, WORKER_FILE))).toBe(true);
    expect(Object.keys(unzipSync(readFileSync(join(DIST, ZIP_FILE))))).toContain(WORKER_FILE);
    const main = readFileSync(join(DIST, BUNDLE_FILE), "utf8");
    expect(main).toContain(`new URL("${WORKER_FILE}", import.meta.url)`);
  });

  it("answers a run with progress and a report, on its own", async () => {
    const sent: { type: string; id: number }[] = [];
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const scope = globalThis as unknown as Record<string, unknown>;
    scope["postMessage"] = (message: { type: string; id: number }) => sent.push(message);
    scope["addEventListener"] = (_type: string, listener: (event: { data: unknown }) => void) =>
      listeners.push(listener);
    try {
      await import(pathToFileURL(join(DIST, WORKER_FILE)).href);
      for (const listener of listeners) {
        listener({ data: { type: "run", id: 5, request: worldlinesFourVsFour(50, "built") } });
      }
      await new Promise<void>((done) => {
        const wait = () => {
          if (sent.some((m) => m.type === "done")) done();
          else setTimeout(wait, 10);
        };
        wait();
      });
      expect(sent.at(-1)).toMatchObject({ type: "done", id: 5, report: { fights: 50 } });
    } finally {
      delete scope["postMessage"];
      delete scope["addEventListener"];
    }
  });
});
