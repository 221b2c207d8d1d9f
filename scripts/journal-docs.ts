/**
 * The packs' journals as pages a reader can open on the repository: each journal entry in
 * `packs/<ruleset>-journal/*.yml` becomes `docs/how-to/<ruleset>-<file>.md`, its pages as
 * sections. The journal YAML stays the one source; a unit test fails when a page here is stale,
 * and `npm run docs` writes them anew.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "js-yaml";

interface JournalPage {
  readonly name: string;
  readonly sort?: number;
  readonly text?: { readonly content?: string };
}

interface JournalEntry {
  readonly name: string;
  readonly pages?: readonly JournalPage[];
}

/** The rulesets' names as the README's guides give them. */
const RULESET_NAMES: Readonly<Record<string, string>> = {
  worldlines: "Worldlines",
  wwn: "Worlds Without Number",
  freelancers: "Freelancers",
  dicepool: "the dice-pool game",
  twodice: "the two-dice game",
};

const HEADER = "<!-- Written by `npm run docs` from the pack's YAML: edit the YAML, not this. -->";

/** One journal entry as Markdown: its name, then each page (in sort order) as a section. */
export function journalMarkdown(entry: JournalEntry, ruleset: string): string {
  const pages = [...(entry.pages ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const sections = pages.map((page) => {
    // A page's HTML is kept as HTML (GitHub renders it); the YAML folds it over several lines,
    // and a blank line would end an HTML block in Markdown, so it is written on one line.
    const html = (page.text?.content ?? "").replace(/\s*\n\s*/g, " ").trim();
    return `## ${page.name}\n\n${html}\n`;
  });
  const name = RULESET_NAMES[ruleset] ?? ruleset;
  const from = `For ${name}. In Foundry this is the journal entry _${entry.name}_ in the compendium pack \`${ruleset}-journal\`.`;
  return [HEADER, "", `# ${entry.name}`, "", from, "", ...sections].join("\n");
}

/** Every journal pack's entries as `[docs path, Markdown]`, relative to the project root. */
export function journalDocs(root: string): [string, string][] {
  const packs = readdirSync(join(root, "packs")).filter((name) => name.endsWith("-journal"));
  const docs: [string, string][] = [];
  for (const pack of packs.sort()) {
    const ruleset = pack.replace(/-journal$/, "");
    for (const file of readdirSync(join(root, "packs", pack)).sort()) {
      if (!file.endsWith(".yml")) continue;
      const entry = load(readFileSync(join(root, "packs", pack, file), "utf8")) as JournalEntry;
      const path = join("docs", "how-to", `${ruleset}-${file.replace(/\.yml$/, ".md")}`);
      docs.push([path, journalMarkdown(entry, ruleset)]);
    }
  }
  return docs;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(import.meta.dirname, "..");
  for (const [path, text] of journalDocs(root)) {
    writeFileSync(join(root, path), text);
    process.stdout.write(`${path}\n`);
  }
}
