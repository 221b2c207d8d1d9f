/**
 * Every window, dialog, card and the tracker Fray draws is audited (views.ts): each template under
 * templates/ is named in the plan of some browser test file's `auditRenderedViews`, which fails
 * unless the file rendered it. A new template without a rendered, audited view fails here.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../fake-foundry/index.ts";

/** Templates that are no window: the ruler's label drawn on the canvas beside a waypoint. */
const NOT_A_VIEW = new Set(["templates/movement/waypoint-label.hbs"]);

/** A partial (under a `parts/` folder) is audited inside every view that includes it. */
const isPartial = (template: string): boolean => template.includes("/parts/");

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)));
}

/** The templates named in the audit plans of the browser test files. */
function audited(): Set<string> {
  const named = new Set<string>();
  for (const file of filesUnder(join(REPO_ROOT, "test/browser"), ".test.ts")) {
    const source = readFileSync(join(REPO_ROOT, file), "utf8");
    const plan = source.slice(source.lastIndexOf("auditRenderedViews("));
    if (plan === source) continue;
    for (const match of plan.matchAll(/"(templates\/[^"]+\.hbs)"/g)) named.add(match[1] ?? "");
  }
  return named;
}

describe("the audited views", () => {
  it("include every template Fray renders as a window, dialog, card or the tracker", () => {
    const named = audited();
    const templates = filesUnder(join(REPO_ROOT, "templates"), ".hbs").filter(
      (t) => !NOT_A_VIEW.has(t) && !isPartial(t),
    );
    expect(templates.length).toBeGreaterThan(30);
    expect(templates.filter((t) => !named.has(t)).sort()).toEqual([]);
  });
});
