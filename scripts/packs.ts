/**
 * Fray's compendium packs: one folder of YAML files per pack under packs/ (one file per
 * document, in the shape Foundry exports; see PACKS.md of issue 16 and the README), compiled into
 * LevelDB packs in dist/packs/<name> with Foundry's own CLI. system.json declares every pack; a
 * declared pack without a source folder, a folder nobody declared, or a document whose `_id` or
 * `_key` is wrong fails the build with a message naming the file.
 *
 * `npm run build` runs this after Vite (`tsx scripts/packs.ts`): it compiles the packs, prints
 * each with its document count, and writes the release zip, so the zip carries the packs.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { load } from "js-yaml";
import { ZIP_FILE, zipSystem } from "./system-files.ts";

/** Where the sources live (repo root) and where the packs are written (inside dist/). */
export const PACK_SOURCE_DIR = "packs";

/** A pack as system.json declares it. */
export interface PackDeclaration {
  name: string;
  label: string;
  path: string;
  type: string;
  system: string;
  ownership?: Record<string, string>;
}

/** A pack's documents as parsed from its YAML files. */
export interface PackSource {
  pack: PackDeclaration;
  files: { file: string; doc: Record<string, unknown> }[];
}

/** Foundry's LevelDB collection name of each primary document type a pack holds. */
const COLLECTION: Readonly<Record<string, string>> = {
  Item: "items",
  Actor: "actors",
  JournalEntry: "journal",
};
/** Embedded documents each primary type carries, by field: [field, collection]. */
const EMBEDDED: Readonly<Record<string, readonly [string, string]>> = {
  Actor: ["items", "actors.items"],
  JournalEntry: ["pages", "journal.pages"],
};

/** Foundry's document ids: 16 letters and digits. Fray's are hand-chosen and never change. */
export const PACK_ID = /^[A-Za-z0-9]{16}$/;

export function declaredPacks(root: string): PackDeclaration[] {
  const manifest = JSON.parse(readFileSync(resolve(root, "system.json"), "utf8")) as {
    packs?: PackDeclaration[];
  };
  return manifest.packs ?? [];
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What is wrong with one document of a pack of this type, as messages (empty: nothing). Checks
 * the `_id` and `_key` of the document and of everything it embeds, and a folder's shape.
 */
export function packDocumentProblems(packType: string, doc: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const id = doc["_id"];
  const key = doc["_key"];
  if (typeof id !== "string" || !PACK_ID.test(id)) {
    problems.push(`_id ${JSON.stringify(id)} is not 16 letters and digits`);
    return problems;
  }
  if (typeof key === "string" && key.startsWith("!folders!")) {
    if (key !== `!folders!${id}`) problems.push(`_key ${key} should be !folders!${id}`);
    if (doc["type"] !== packType) problems.push(`folder type should be ${packType}`);
    return problems;
  }
  const collection = COLLECTION[packType];
  if (key !== `!${String(collection)}!${id}`) {
    problems.push(`_key ${JSON.stringify(key)} should be !${String(collection)}!${id}`);
  }
  const embedded = EMBEDDED[packType];
  if (embedded !== undefined) {
    const [field, sub] = embedded;
    const children = doc[field] ?? [];
    if (!Array.isArray(children)) problems.push(`${field} should be a list`);
    else {
      for (const child of children) {
        const childId = isRecord(child) ? child["_id"] : undefined;
        if (typeof childId !== "string" || !PACK_ID.test(childId)) {
          problems.push(`${field}: _id ${JSON.stringify(childId)} is not 16 letters and digits`);
        } else if (isRecord(child) && child["_key"] !== `!${sub}!${id}.${childId}`) {
          problems.push(`${field}: _key of ${childId} should be !${sub}!${id}.${childId}`);
        }
      }
    }
  }
  return problems;
}

/**
 * Reads every declared pack's YAML sources and checks them. Throws one error listing every
 * problem: a declared pack with no source folder or no document, a folder under packs/ that
 * system.json does not declare, a declaration whose path is not packs/<name>, a bad document.
 */
export function readPackSources(root: string): PackSource[] {
  const problems: string[] = [];
  const packs = declaredPacks(root);
  const sourceDir = resolve(root, PACK_SOURCE_DIR);
  const folders = existsSync(sourceDir) ? readdirSync(sourceDir).sort() : [];
  for (const folder of folders) {
    if (!packs.some((pack) => pack.name === folder)) {
      problems.push(`packs/${folder}: system.json declares no pack of that name`);
    }
  }
  const sources: PackSource[] = [];
  for (const pack of packs) {
    if (pack.path !== `${PACK_SOURCE_DIR}/${pack.name}`) {
      problems.push(`${pack.name}: its path should be ${PACK_SOURCE_DIR}/${pack.name}`);
    }
    const dir = join(sourceDir, pack.name);
    if (!existsSync(dir)) {
      problems.push(
        `${pack.name}: declared in system.json, but packs/${pack.name}/ does not exist`,
      );
      continue;
    }
    const files = yamlFiles(dir).map((name) => {
      const file = `${PACK_SOURCE_DIR}/${pack.name}/${name}`;
      let doc: unknown;
      try {
        doc = load(readFileSync(join(dir, name), "utf8"), { filename: file });
      } catch (error) {
        problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { file, doc: isRecord(doc) ? doc : {} };
    });
    for (const { file, doc } of files) {
      for (const problem of packDocumentProblems(pack.type, doc))
        problems.push(`${file}: ${problem}`);
    }
    if (!files.some(({ doc }) => !isFolder(doc))) {
      problems.push(`${pack.name}: packs/${pack.name}/ holds no document`);
    }
    sources.push({ pack, files });
  }
  const seen = new Map<string, string>();
  for (const { files } of sources) {
    for (const { file, doc } of files) {
      for (const id of allIds(doc)) {
        const first = seen.get(id);
        if (first !== undefined) problems.push(`${file}: _id ${id} is already used in ${first}`);
        else seen.set(id, file);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`Fray's packs cannot be built:\n  ${problems.join("\n  ")}`);
  }
  return sources;
}

/** Every declared pack's documents as parsed, by pack name (what tests hand the fake's packs). */
export function packDocumentsByName(root: string): Record<string, Record<string, unknown>[]> {
  return Object.fromEntries(
    readPackSources(root).map(({ pack, files }) => [pack.name, files.map(({ doc }) => doc)]),
  );
}

export function isFolder(doc: Record<string, unknown>): boolean {
  return typeof doc["_key"] === "string" && doc["_key"].startsWith("!folders!");
}

/** The ids of a document and of the documents it embeds (items, pages). */
export function allIds(doc: Record<string, unknown>): string[] {
  const ids = typeof doc["_id"] === "string" ? [doc["_id"]] : [];
  for (const field of ["items", "pages"]) {
    const children = doc[field];
    if (!Array.isArray(children)) continue;
    for (const child of children) {
      if (isRecord(child) && typeof child["_id"] === "string") ids.push(child["_id"]);
    }
  }
  return ids;
}

/** One built pack, with what it holds. */
export interface BuiltPack {
  name: string;
  type: string;
  documents: number;
  folders: number;
  embedded: number;
}

/** Compiles every declared pack into `outDir`/packs/<name> (LevelDB) and says what each holds. */
export async function buildPacks(root: string, outDir: string): Promise<BuiltPack[]> {
  const sources = readPackSources(root);
  const built: BuiltPack[] = [];
  for (const { pack, files } of sources) {
    const dest = resolve(outDir, pack.path);
    rmSync(dest, { recursive: true, force: true });
    await compilePack(resolve(root, pack.path), dest, { yaml: true });
    const docs = files.map(({ doc }) => doc);
    built.push({
      name: pack.name,
      type: pack.type,
      documents: docs.filter((doc) => !isFolder(doc)).length,
      folders: docs.filter(isFolder).length,
      embedded: docs.reduce((sum, doc) => sum + allIds(doc).length - 1, 0),
    });
  }
  return built;
}

function count(n: number, noun: string): string {
  return `${String(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/** One line per pack, as the build prints it. */
export function describeBuiltPacks(built: readonly BuiltPack[]): string {
  const width = Math.max(...built.map((pack) => pack.name.length));
  return built
    .map((pack) => {
      const extra = [
        count(pack.folders, "folder"),
        count(pack.embedded, pack.type === "JournalEntry" ? "page" : "embedded item"),
      ].filter((text) => !text.startsWith("0 "));
      const tail = extra.length > 0 ? ` (${extra.join(", ")})` : "";
      return `  ${pack.name.padEnd(width)}  ${count(pack.documents, "document").padStart(13)}${tail}`;
    })
    .join("\n");
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, "..");
  const outDir = resolve(root, "dist");
  if (!existsSync(resolve(outDir, "system.json"))) {
    throw new Error("dist/ has no system.json: run `vite build` first (npm run build does both)");
  }
  const built = await buildPacks(root, outDir);
  console.log(`Fray packs (dist/packs/):\n${describeBuiltPacks(built)}`);
  rmSync(resolve(outDir, ZIP_FILE), { force: true });
  writeFileSync(resolve(outDir, ZIP_FILE), zipSystem(outDir));
  console.log(`dist/${ZIP_FILE} written`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
