/**
 * What the Worldlines table (attack cards, statuses) needs of Foundry on top of the base fake,
 * installed by `installTableFakes(fake)` after `installFakeFoundry()`:
 * - ChatMessage: `getSpeaker` (its `rolls`, `content`, `whisper`, `blind`, `applyRollMode` and the
 *   core `rollMode` setting are the base fake's);
 * - `foundry.applications.handlebars.renderTemplate` with the real handlebars package, the real
 *   template files, and core's `localize` / `eq` helpers; a partial (`{{> "systems/fray/…"}}`)
 *   is found only once `loadTemplates` preloaded it (core v13 registers every template it
 *   preloads as a partial under its path; a partial never preloaded fails the render);
 * - `User#targets` (the tokens a user has targeted; each token has its `actor`), and
 *   `User#updateTokenTargets(ids)` (core v13: the user's targets become the canvas's tokens of
 *   those ids, replacing the earlier ones; ids of no token on the canvas are passed over).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { REPO_ROOT } from "./index.ts";
import type { FakeFoundry } from "./index.ts";
import { ChatMessage } from "./documents.ts";
import { world } from "./world.ts";

const SYSTEM_PREFIX = "systems/fray/";

export interface FakeToken {
  readonly actor: unknown;
}

export function installTableFakes(fake: FakeFoundry) {
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: unknown) => fake.i18n.localize(String(key)));
  hbs.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const read = (path: string) =>
    readFileSync(resolve(REPO_ROOT, path.slice(SYSTEM_PREFIX.length)), "utf8");
  const partials = new Set<string>();
  const renderTemplate = async (path: string, context: unknown): Promise<string> => {
    if (!path.startsWith(SYSTEM_PREFIX)) throw new Error(`Failed to load template ${path}`);
    for (const loaded of fake.templatesLoaded) {
      if (partials.has(loaded)) continue;
      hbs.registerPartial(loaded, read(loaded));
      partials.add(loaded);
    }
    let template = compiled.get(path);
    if (template === undefined) {
      template = hbs.compile(read(path), { strict: false });
      compiled.set(path, template);
    }
    return template(context);
  };
  const g = globalThis as unknown as {
    foundry: { applications: { handlebars: Record<string, unknown> } };
  };
  g.foundry.applications.handlebars["renderTemplate"] = renderTemplate;

  const cls = ChatMessage as unknown as Record<string, unknown> & { prototype: object };
  cls["getSpeaker"] = ({ actor }: { actor?: { id: string; name: string } } = {}) => ({
    actor: actor?.id ?? null,
    alias: actor?.name ?? world.user().name,
  });

  const targets = new Map<string, Set<FakeToken>>();
  for (const user of fake.users.all) {
    Object.defineProperty(user, "targets", {
      configurable: true,
      get: () => targets.get(user.id) ?? new Set<FakeToken>(),
    });
    Object.defineProperty(user, "updateTokenTargets", {
      configurable: true,
      value: (ids: readonly string[] = []) => {
        const board = (
          globalThis as {
            canvas?: {
              tokens?: { placeables?: { document?: { id?: string; actor?: unknown } }[] };
            };
          }
        ).canvas;
        const placed = board?.tokens?.placeables ?? [];
        const chosen = placed
          .filter((p) => p.document?.id !== undefined && ids.includes(p.document.id))
          .map((p) => ({ actor: p.document?.actor ?? null, document: p.document }));
        targets.set(user.id, new Set(chosen));
      },
    });
  }
  return {
    renderTemplate,
    /** The logged-in user targets these actors' tokens (replacing earlier targets). */
    target(...actors: unknown[]) {
      targets.set(world.user().id, new Set(actors.map((actor) => ({ actor }))));
    },
  };
}
