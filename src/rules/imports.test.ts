/**
 * No import cycles inside a ruleset's rules (issue 30), type-only imports included: a cycle makes
 * the order in which modules initialise depend on which one is imported first, and two modules
 * that need each other are one module split in the wrong place. Shared types go to a leaf module.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const RULES = dirname(new URL(import.meta.url).pathname);

/** Every module (no tests) under `folder`, with the modules of that folder it imports. */
function importGraph(folder: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith(".ts") && !path.endsWith(".test.ts")) files.push(path);
    }
  };
  walk(folder);
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const targets = [...source.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/gs)]
      .map((m) => resolve(dirname(file), m[1] ?? ""))
      .filter((target) => inside.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** One cycle of the graph as a list of modules (the first repeated at the end), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = stack.indexOf(node);
    if (at >= 0) return [...stack.slice(at), node];
    if (done.has(node)) return null;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the rules import no module that imports them back", () => {
  for (const folder of ["core", "worldlines", "wwn"]) {
    it(folder, () => {
      const cycle = findCycle(importGraph(join(RULES, folder)));
      expect(cycle?.map((file) => relative(RULES, file)) ?? null).toBeNull();
    });
  }

  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", []],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(new Map([["a", ["b"]]]))).toBeNull();
  });
});
