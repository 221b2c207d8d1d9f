/** Showing a rules refusal to the user, the same way for every ruleset. */
import { i18n } from "./env.ts";

export interface ShownRefusal {
  readonly reason: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

/**
 * Warns with the translation of `keyOf(reason)`, filled from the refusal's detail and from
 * `context` (what the rules do not know, such as the actor's display name; the detail wins).
 * An untranslated reason is shown as it is. Nothing else happens.
 */
export function warnRefusal(
  keyOf: (reason: string) => string,
  refusal: ShownRefusal,
  context: Readonly<Record<string, string>> = {},
): void {
  const key = keyOf(refusal.reason);
  const data = {
    ...context,
    ...Object.fromEntries(Object.entries(refusal.detail ?? {}).map(([k, v]) => [k, String(v)])),
  };
  ui.notifications?.warn(i18n().has(key) ? i18n().format(key, data) : refusal.reason);
}
