/**
 * The shape the code keeps (issue 23's "one shape"): no import circle anywhere in src/ (type-only
 * imports count too: a circle of types is still two modules that cannot be read apart), no
 * source file over 600 lines, no `…Prechecked` twin in src/ or bench/ (rules take checked input
 * instead: src/rules/core/checked.ts), and no rule that reads `game.combat` (the combat of the
 * scene a user views; rules find the combat an actor fights in with combatOf). Only the code is
 * read for `game.combat`, not comments; a line that means the viewed combat, for the user's
 * interface only, says so in a comment on it or just above it ("the viewed combat (UI)").
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./fake-foundry/index.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = resolve(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

const files = sourceFiles(resolve(REPO_ROOT, "src"));
const benchFiles = sourceFiles(resolve(REPO_ROOT, "bench"));
const texts = new Map([...files, ...benchFiles].map((file) => [file, readFileSync(file, "utf8")]));
const rel = (file: string) => relative(REPO_ROOT, file);

/** The text with its comments blanked out (each comment's line breaks kept, so lines still count). */
function codeOf(text: string): string {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    ts.LanguageVariant.Standard,
    text,
  );
  let code = "";
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const token = scanner.getTokenText();
    const comment =
      kind === ts.SyntaxKind.SingleLineCommentTrivia ||
      kind === ts.SyntaxKind.MultiLineCommentTrivia;
    code += comment ? token.replace(/[^\n]/g, " ") : token;
  }
  return code;
}

/** The lines of `file` that read `game.combat`, but for one marked as the viewed combat for the UI. */
function combatReads(file: string): number[] {
  const lines = (texts.get(file) ?? "").split("\n");
  return codeOf(texts.get(file) ?? "")
    .split("\n")
    .flatMap((line, i) => (/\bgame\b[^;]*\)?\.combat\b(?!s)/.test(line) ? [i] : []))
    .filter((i) => !/the viewed combat \(UI\)/.test(`${lines[i - 1] ?? ""}\n${lines[i] ?? ""}`))
    .map((i) => i + 1);
}

/** Each file's relative imports and re-exports (type-only ones included), as absolute paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = texts.get(file) ?? "";
    const imported = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((ref) => ref.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolve(dirname(file), name))
      .filter((path) => texts.has(path));
    graph.set(file, imported);
  }
  return graph;
}

/** The groups of two or more files that import each other, directly or around a circle (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(rel(member));
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the source tree", () => {
  it("finds circles: a test graph with one is reported", () => {
    const a = resolve(REPO_ROOT, "src/a.ts");
    const b = resolve(REPO_ROOT, "src/b.ts");
    const c = resolve(REPO_ROOT, "src/c.ts");
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a, c]],
          [c, []],
        ]),
      ),
    ).toEqual([["src/a.ts", "src/b.ts"]]);
  });

  it("has no import circle", () => {
    expect(circles(importGraph())).toEqual([]);
  });

  it("has no file in src/ over 600 lines, its tests included", () => {
    const everyFile = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = resolve(dir, name);
        if (statSync(path).isDirectory()) return everyFile(path);
        return path.endsWith(".ts") ? [path] : [];
      });
    const long = everyFile(resolve(REPO_ROOT, "src"))
      .map((file) => ({ file: rel(file), lines: readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > 600);
    expect(long).toEqual([]);
  });

  it("has no …Prechecked twin: rules take checked input", () => {
    const twins = [...files, ...benchFiles].filter((file) =>
      /\w+Prechecked\b/.test(texts.get(file) ?? ""),
    );
    expect(twins.map(rel)).toEqual([]);
  });

  it("reads no game.combat for rules: combatOf finds the combat an actor fights in", () => {
    const readers = files
      .filter((file) => rel(file).startsWith("src/foundry/"))
      .flatMap((file) => combatReads(file).map((line) => `${rel(file)}:${String(line)}`));
    expect(readers).toEqual([]);
  });

  it("finds a game.combat read in code, not in a comment, unless marked as the UI's", () => {
    const probe = resolve(REPO_ROOT, "src/foundry/probe.ts");
    const read = (text: string) => {
      texts.set(probe, text);
      const found = combatReads(probe);
      texts.delete(probe);
      return found;
    };
    expect(read("const c = game.combat;\n")).toEqual([1]);
    expect(read("const c = (game as Game).combat ?? null;\n")).toEqual([1]);
    expect(read("// combatOf replaces game.combat for rules\nconst n = game.combats;\n")).toEqual(
      [],
    );
    expect(read("// the viewed combat (UI)\nconst c = game.combat;\n")).toEqual([]);
  });
});
