/**
 * The two-dice world settings (issue 28): every option of the rules is a world setting with a
 * localized name and hint, and what a GM sets there is what the sheet shows and what the referee
 * rolls against, on the player's request as on the GM's own. A setting the rules cannot use is
 * reported to the GM in words, and the book's numbers stay in play.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Sheet from "../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import { TWODICE_OPTION_SETTINGS } from "../../src/rules/twodice/option-settings.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let workflow: typeof Workflow;
let sheet: typeof Sheet;
let cards: typeof Cards;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  sheet = await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

/** Every setting back to its default (the GM writes them). */
beforeEach(async () => {
  world.reset();
  for (const s of TWODICE_OPTION_SETTINGS) {
    await fake.game.settings.set("fray", `twodice${s.key}`, s.initial);
  }
  fake.notifications.length = 0;
});

const setAsGM = (key: string, value: unknown) =>
  fake.as(GM.id, () => fake.game.settings.set("fray", `twodice${key}`, value));

const RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: { kind: "ranged", attack: 12, defense: 6, damage: 2, range: 8 },
};

async function shooterAndTarget() {
  const shooter = await world.createActor({
    name: "Shooter",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    items: [RIFLE],
  });
  const target = await world.createActor({ name: "Target", type: "npc" });
  // Three meters apart on the scene.
  world.placeAt(shooter, 0);
  world.placeAt(target, 3);
  return { shooter, target };
}

/** The player shoots the Rifle at the target, the dice showing these faces: the card's state. */
async function shoot(
  shooter: Actor.Implementation,
  target: Actor.Implementation,
  ...faces: number[]
) {
  world.dice(...faces);
  fake.setUser(PLAYER.id);
  const id = await workflow.declareTwodiceAttack(shooter, world.item(shooter, "Rifle"), target);
  return cards.twodiceCardOf(fake.game.messages.get(id ?? "") as never);
}

describe("the two-dice world settings", () => {
  it("every option is a world setting shown in the rules options menu, named and explained in words", async () => {
    const { menuSettings } = await import("../../src/foundry/shared/settings.ts");
    const shown = menuSettings().map((m) => m.key);
    const lang = fake.game.i18n as unknown as { has(key: string): boolean };
    for (const option of TWODICE_OPTION_SETTINGS) {
      const config = fake.game.settings.settings.get(`fray.twodice${option.key}`) as
        | { name: string; hint: string; scope: string; config: boolean; default: unknown }
        | undefined;
      expect(config, option.key).toMatchObject({ scope: "world", config: false });
      expect(shown, option.key).toContain(`twodice${option.key}`);
      expect(config?.default).toEqual(option.initial);
      expect(lang.has(config?.name ?? ""), config?.name).toBe(true);
      expect(lang.has(config?.hint ?? ""), config?.hint).toBe(true);
    }
  });

  it("the range scale a GM sets is the step a player's shot must beat (the referee reads it)", async () => {
    const { shooter, target } = await shooterAndTarget();
    // Book scale: under 5 m every success hits.
    const before = await shoot(shooter, target, 3, 4);
    expect(before?.setup.defense).toBe(0);
    expect(before?.reads[0]?.hit).toBe(true);

    // The GM's scale: from 2 m on, a hit needs a success above 4.
    await setAsGM("RangeScale", "2:4, 50:9");
    const after = await shoot(shooter, target, 3, 4);
    expect(after?.setup.defense).toBe(4);
    expect(after?.reads[0]?.hit).toBe(false);
  });

  it("the wound track has the circles a GM sets, and death after the fight can be switched off", async () => {
    const hurt = await world.createActor({
      name: "Hurt",
      type: "character",
      system: { traits: { toughness: 5 }, wounds: { marked: [12] } },
    });
    let shown = await sheet.twodiceActorSheetContext(hurt, true);
    expect(shown.circles).toHaveLength(25);
    expect(shown.aftermath).toBe("FRAY.Twodice.Aftermath.dead");

    await setAsGM("WoundCircles", 15);
    await setAsGM("DeathRule", false);
    shown = await sheet.twodiceActorSheetContext(hurt, true);
    expect(shown.circles).toHaveLength(15);
    expect(shown.aftermath).toBe("FRAY.Twodice.Aftermath.bleedingBadly");
  });

  it("a wound stored past a shortened track loads and reads as off the track", async () => {
    const hurt = await world.createActor({
      name: "Scarred",
      type: "character",
      system: { traits: { toughness: 8 }, wounds: { marked: [3, 22] } },
    });
    await setAsGM("WoundCircles", 10);
    const shown = await sheet.twodiceActorSheetContext(hurt, true);
    expect(shown.offTrack).toBe(1);
    expect(shown.incapacitated).toBe(true);
  });

  it("a range scale that does not read: the GM is told why, and the book's scale stays", async () => {
    const { shooter, target } = await shooterAndTarget();
    await setAsGM("RangeScale", "5:1, ten:2");
    expect(world.warnings().join(" ")).toContain('The range scale "5:1, ten:2" does not read');
    const card = await shoot(shooter, target, 3, 4);
    expect(card?.setup.defense).toBe(0);
    expect(card?.reads[0]?.hit).toBe(true);
  });

  it("the aim bonus a GM sets is what aiming adds next turn", async () => {
    const { shooter, target } = await shooterAndTarget();
    await setAsGM("AimBonus", 5);
    const combat = await world.startedCombat([shooter, target]);
    fake.setUser(PLAYER.id);
    const turn = await import("../../src/foundry/rulesets/twodice/table/self.ts");
    expect(await turn.twodiceDeclare(shooter, "aim")).toMatchObject({ ok: true });
    // The GM ends the round: the next turn carries the aim.
    await fake.as(GM.id, () => combat.nextRound());
    await whenIdle();
    const id0 = combat.combatants.contents.find((c) => c.actorId === shooter.id)?.id ?? "";
    await fake.as(GM.id, () => combat.activateCombatant(id0));
    await whenIdle();
    const card = await shoot(shooter, target, 16, 20);
    expect(card?.setup.value).toBe(17);
    expect(card?.reads[0]?.hit).toBe(true);
  });
});
