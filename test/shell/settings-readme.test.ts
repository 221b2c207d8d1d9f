/**
 * Every product decision of the rules README (/work/shared/rules/README.md, kept in the repo's
 * shared rules folder) that says a GM changes it with "a setting" is a world setting of its
 * ruleset, shown in the Rules options menu with the README's default as the book's default; and
 * no ruleset's section of the menu is a long flat list. Each ruleset is booted in a fresh world
 * (the modules loaded again), as a world playing it would register its settings.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";

const README = "/work/shared/rules/README.md";

/** The README's "setting" decisions: a phrase of the bullet, and the settings that make it. */
const DECISIONS: readonly {
  readonly ruleset: string;
  readonly phrase: string;
  readonly settings: Readonly<Record<string, unknown>>;
}[] = [
  {
    ruleset: "worldlines",
    phrase: "Momentum ties",
    settings: { worldlinesMomentumTies: "reroll" },
  },
  {
    ruleset: "worldlines",
    phrase: "Setting: apply them anyway",
    settings: { worldlinesStatusesWhenAbsorbed: false },
  },
  {
    ruleset: "worldlines",
    phrase: "Exhaustion points",
    settings: { worldlinesExhaustionPenalty: 1 },
  },
  {
    ruleset: "freelancers",
    phrase: "Die size and fumble face are settings",
    settings: { freelancersDie: 20, freelancersFumbleFace: 20 },
  },
  {
    ruleset: "freelancers",
    phrase: "How many failures kill is a setting",
    settings: { freelancersDeathFailures: 3 },
  },
  {
    ruleset: "dicepool",
    phrase: "settings: die size and hit threshold",
    settings: {
      dicepoolDieSides: 6,
      dicepoolHitOn: 4,
      dicepoolStaticDefense: false,
      dicepoolInitiativeDamage: false,
      dicepoolHexSpaces: false,
    },
  },
  {
    ruleset: "twodice",
    phrase: "The range scale printed on the character sheet",
    settings: {
      twodiceRangeScale:
        "5:1, 10:2, 15:3, 25:4, 40:5, 60:6, 100:7, 150:8, 250:9, 400:10, 600:11, 1000:12",
    },
  },
];

/** The README's bullets (a "- " line and the indented lines after it) that mention a setting. */
function settingBullets(text: string): string[] {
  const bullets = text.split(/\n(?=- )/).map((b) => b.replace(/\s+/g, " "));
  return bullets.filter((b) => b.startsWith("- ") && /\bsettings?\b/i.test(b));
}

/** A fresh world playing `ruleset`: its menu's settings and the menu's view. */
async function bootMenu(ruleset: string) {
  vi.resetModules();
  const fake = installFakeFoundry({ settings: { "fray.ruleset": ruleset } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const { menuSettings } = await import("../../src/foundry/shared/settings.ts");
  const { menuView } = await import("../../src/foundry/settings-menu-view.ts");
  const settings = menuSettings();
  const view = menuView(
    settings,
    (key) => fake.game.settings.get("fray", key),
    (key) => fake.i18n.localize(key),
    true,
    ruleset,
  );
  fake.setUser(GM.id);
  return { settings, view };
}

describe("the rules README's settings", () => {
  it("each decision that says 'a setting' is listed here", () => {
    const bullets = settingBullets(readFileSync(README, "utf8"));
    expect(bullets.length).toBeGreaterThan(0);
    for (const bullet of bullets) {
      const mapped = DECISIONS.some((d) => bullet.includes(d.phrase));
      expect(mapped, bullet.slice(0, 120)).toBe(true);
    }
  });

  for (const ruleset of ["worldlines", "wwn", "freelancers", "dicepool", "twodice"]) {
    it(`${ruleset}: registered, in the menu with the README's default, in short sections`, async () => {
      const { settings, view } = await bootMenu(ruleset);
      for (const decision of DECISIONS.filter((d) => d.ruleset === ruleset)) {
        for (const [key, book] of Object.entries(decision.settings)) {
          const registered = settings.find((s) => s.key === key);
          expect(registered?.default, key).toEqual(book);
          const field = view.sections.flatMap((s) => s.fields).find((f) => f.key === key);
          expect(field, key).toBeDefined();
          expect(field?.bookDefault, key).not.toBe("");
        }
      }
      // Grouped: no section of the menu is a long flat list.
      for (const section of view.sections) {
        expect(section.fields.length, section.id).toBeLessThanOrEqual(12);
        expect(section.label).not.toContain("FRAY.");
      }
    });
  }
});
