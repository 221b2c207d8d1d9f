/**
 * What the per-ruleset view files share: an item icon as core's default ones (a picture, never a
 * broken link), a chat card shown at the chat log's width, and the last recorded render of a
 * template (harness.ts recordTemplates).
 */
import type { Browser, Page } from "playwright-core";
import { renderInPage } from "./harness.ts";
import type { RecordedTemplate } from "./harness.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

export const ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" rx="2" fill="#667"/><circle cx="5" cy="5" r="2.5" fill="#ccd"/></svg>',
  );

/** Renders a chat card as it sits in the 320 px chat log. */
export function showCard(
  browser: Browser,
  template: string,
  context: unknown,
  height = 260,
): Promise<Page> {
  return renderInPage(browser, {
    template,
    context,
    classes: ["fray", "chat-card"],
    title: "Chat",
    width: 320,
    height,
  });
}

/** The context of the last render of `template` in `recorded`; throws when it was not rendered. */
export function lastContext(recorded: readonly RecordedTemplate[], template: string): unknown {
  const found = recorded.filter((r) => r.template === template).at(-1);
  if (found === undefined) throw new Error(`the shell did not render ${template}`);
  return found.context;
}

/** The card i18n (shared/cards.ts CardI18n) the shell gives a card's context, from the fake's. */
export function cardI18n(fake: FakeFoundry) {
  return {
    localize: (key: string) => fake.i18n.localize(key),
    format: (key: string, data: Record<string, string | number>) =>
      fake.i18n.format(
        key,
        Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
      ),
  };
}
