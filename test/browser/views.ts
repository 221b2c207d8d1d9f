/**
 * Shared audits of every view a browser test file renders: each ruleset's test file renders its
 * sheets, dialogs and cards from the contexts the shell builds (harness.ts records each request);
 * `auditRenderedViews` then re-renders every one of them under core's light and dark themes and
 * checks what a GM at the table would notice. One helper, fed by every ruleset's file.
 */
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { lowestContrast, renderInPage, renderedViews } from "./harness.ts";
import type { RenderRequest } from "./harness.ts";

const THEMES = ["light", "dark"] as const;

/** What a file must have rendered before its audit runs, so an audit never passes on nothing. */
export interface AuditPlan {
  /** Repository paths of the templates the file renders (sheets, dialogs, cards, tracker). */
  templates: readonly string[];
}

/** A short name of a view for failure messages: its template and its title. */
const nameOf = (request: RenderRequest) =>
  `${request.template.replace(/^templates\//, "")} "${request.title}"`;

/** The distinct views rendered: one per template and context. */
function views(): RenderRequest[] {
  const seen = new Set<string>();
  return renderedViews().filter((request) => {
    const key = `${request.template}|${request.width}|${JSON.stringify(request.context)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Adds the audits to the calling test file; call it last, after the tests that render. `browser`
 * is read when the audits run (the file's beforeAll opens it).
 */
export function auditRenderedViews(browser: () => Browser, plan: AuditPlan): void {
  describe("every view this file renders", () => {
    it("renders each of the planned templates", () => {
      const templates = new Set(renderedViews().map((request) => request.template));
      expect(plan.templates.filter((template) => !templates.has(template))).toEqual([]);
    });

    it("reads at WCAG AA (4.5:1, large text 3:1) in core's light and dark themes", async () => {
      const failures: string[] = [];
      for (const request of views()) {
        for (const theme of THEMES) {
          const page = await renderInPage(browser(), { ...request, theme });
          const found = await lowestContrast(page, ".window-content");
          await page.close();
          if (found.below.length > 0) {
            failures.push(`${nameOf(request)}, ${theme}: ${found.below.join("; ")}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
