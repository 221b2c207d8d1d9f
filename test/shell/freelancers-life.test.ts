/**
 * Freelancers life and death at the table (issue 28, first row): failed death checks are counted
 * at the Upkeep and the third kills by default; a world whose GM stored its own number keeps it;
 * Help from the sheet stabilizes and clears the count; healing above 0 on the sheet (or a token
 * bar) ends Dying; a shot beyond the maximum range is no longer unfavorable, only +3 per 3 m; a
 * huge static target is 10 − (−4) = 14.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import type * as FlCombat from "../../src/foundry/rulesets/freelancers/combat.ts";
import type * as Sheet from "../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let cards: typeof Cards;
let combatHooks: typeof FlCombat;
let sheet: typeof Sheet;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  combatHooks = await import("../../src/foundry/rulesets/freelancers/combat.ts");
  sheet = await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
});

beforeEach(() => {
  world.reset();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
const sys = (doc: unknown) => (doc as Doc).system as unknown as Record<string, unknown>;

const lastMessage = () => world.lastMessage();
const combatOf = (actors: readonly Actor.Implementation[]) => world.combatOf(actors);

/** Runs the Upkeep as the GM and writes its changes as the combat's batch would. */
async function upkeep(combat: Combat.Implementation, actor: Actor.Implementation) {
  const run = combatHooks.FL_COMBAT_HOOKS.roundEvents?.upkeep;
  if (run === undefined) throw new Error("no Upkeep");
  const changes = await fake.as(GM.id, () => run(combat, []));
  for (const change of changes) {
    await fake.as(GM.id, () => actor.update(change.changes));
  }
  return changes;
}

const dyingBandit = () =>
  world.createActor({
    name: "Bandit",
    type: "npc",
    system: { health: { value: 0, max: 8 }, life: "dying", attributes: { fortitude: 4 } },
  });

describe("death checks", () => {
  it("count failures across Upkeeps: the first two leave the entity Dying, the third kills", async () => {
    const npc = await dyingBandit();
    const combat = await combatOf([npc]);
    world.dice([20, 15]); // Fortitude 4: 15 fails
    await upkeep(combat, npc);
    expect(sys(npc)).toMatchObject({ life: "dying", deathFailures: 1 });
    expect(lastMessage()).toContain("Death check: 15 under 4");
    expect(lastMessage()).toContain("failures 1 of 3");
    world.dice([20, 3]); // a pass keeps it Dying and adds nothing
    await upkeep(combat, npc);
    expect(sys(npc)).toMatchObject({ life: "dying", deathFailures: 1 });
    world.dice([20, 12]);
    await upkeep(combat, npc);
    expect(sys(npc)).toMatchObject({ life: "dying", deathFailures: 2 });
    world.dice([20, 18]);
    await upkeep(combat, npc);
    expect(sys(npc)).toMatchObject({ life: "dead", deathFailures: 3 });
    expect(lastMessage()).toContain("failures 3 of 3");
    expect(lastMessage()).toContain("Dead");
  });

  it("in a world whose GM stored one failure as the setting, the first failure still kills", async () => {
    // A stored world setting (a Setting document) is what the world loads, whatever the default.
    fake.game.settings.preload("fray.freelancersDeathFailures", 1);
    try {
      const npc = await dyingBandit();
      const combat = await combatOf([npc]);
      world.dice([20, 15]);
      await upkeep(combat, npc);
      expect(sys(npc)).toMatchObject({ life: "dead", deathFailures: 1 });
      expect(lastMessage()).toContain("failures 1 of 1");
    } finally {
      fake.game.settings.preload("fray.freelancersDeathFailures", 3);
    }
  });

  it("Help from the sheet stabilizes a dying ally and clears its failures", async () => {
    const doc = await world.createActor({
      name: "Doc",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
    });
    const rook = await world.createActor({
      name: "Rook",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { health: { value: 0, max: 10 }, life: "dying", deathFailures: 2 },
    });
    world.placeAt(doc, 0);
    world.placeAt(rook, 1);
    fake.setUser(PLAYER.id);
    world.table.target(rook);
    await clickSheet(sheet.FlActorSheet, doc, "care", { kind: "help" });
    expect(sys(rook)).toMatchObject({ life: "stable", deathFailures: 0 });
  });
});

describe("healing", () => {
  const dyingKara = () =>
    world.createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 0, max: 10 }, life: "dying", deathFailures: 2 },
    });

  it("above 0 on the sheet ends Dying and clears the failed death checks", async () => {
    const k = await dyingKara();
    fake.setUser(PLAYER.id);
    // The sheet's form submits its fields nested, as core's DocumentSheetV2 does.
    await k.update({ system: { health: { value: 4 } } });
    expect(sys(k)).toMatchObject({ health: { value: 4 }, life: "active", deathFailures: 0 });
  });

  it("above 0 on a token bar (a flat key) ends Stable too; a GM's own life choice stands", async () => {
    const k = await dyingKara();
    await fake.as(GM.id, () => k.update({ "system.life": "stable" } as never));
    fake.setUser(PLAYER.id);
    const seen: unknown[] = [];
    const watch = (_doc: unknown, changes: unknown) => {
      seen.push(changes);
    };
    fake.hooks.on("preUpdateActor", watch);
    await k.update({ "system.health.value": 2 } as never);
    fake.hooks.off("preUpdateActor", watch);
    expect(sys(k)).toMatchObject({ life: "active", deathFailures: 0 });
    // Core runs the model's _preUpdate before the hook: the hook already sees the life change.
    expect(seen[0]).toMatchObject({ "system.life": "active" });
    await fake.as(GM.id, () =>
      k.update({ "system.health.value": 0, "system.life": "stable" } as never),
    );
    expect(sys(k)).toMatchObject({ life: "stable" });
  });

  it("to 0 on the sheet makes an active actor Dying", async () => {
    const k = await world.kara();
    fake.setUser(PLAYER.id);
    await k.update({ system: { health: { value: 0 } } });
    expect(sys(k)).toMatchObject({ life: "dying" });
  });
});

describe("range and static defense follow the corrected decisions", () => {
  const CHOICES = { cover: "none", as: "base", targetEngaged: false } as const;

  it("a shot 2 m beyond the maximum rolls one die (not unfavorable) with +3 on it", async () => {
    const k = await world.createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { attributes: { awareness: 8 }, skills: { marksman: 4 } },
      items: [
        {
          name: "Carbine",
          type: "weapon",
          system: {
            kind: "ranged",
            attribute: "awareness",
            skill: "marksman",
            damage: "1d8",
            range: { nominal: 10, max: 30 },
          },
        },
      ],
    });
    const wall = await world.createActor({
      name: "Turret",
      type: "npc",
      system: { defense: "static" },
    });
    world.placeAt(k, 0);
    world.placeAt(wall, 32);
    fake.setUser(PLAYER.id);
    world.table.target(wall);
    // One attack die only: an unfavorable roll would ask for a second and the queue would throw.
    world.dice([20, 5], [8, 3]);
    const message = await dialog.flAttack(k, world.item(k, "Carbine"), CHOICES);
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)).toMatchObject({
      attack: { faces: [5], roll: 8, target: 12 },
      result: { hit: true, defense: 10 },
    });
  });

  it("a huge static target must be rolled under 10 − (−4) = 14", async () => {
    const k = await world.kara();
    world.placeAt(k, 0);
    const huge = await world.createActor({
      name: "Tank",
      type: "npc",
      system: { defense: "static", size: "huge" },
    });
    world.placeAt(huge, 1);
    fake.setUser(PLAYER.id);
    world.table.target(huge);
    world.dice([20, 11], [6, 1]); // 11 passes Kara's 11 and is under 14: a hit
    const message = await dialog.flAttack(k, world.item(k, "Knife"), CHOICES);
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)).toMatchObject({ result: { hit: true, defense: 14 } });
  });
});

describe("a plain Move or Quick action from the sheet", () => {
  it("is spent in the GM's ledger on the actor's turn; a second Move trades the Base; out of turn is refused", async () => {
    const k = await world.kara();
    const r = await world.rook();
    const combat = await world.startedCombat([k, r], true);
    const lit = (): Record<string, boolean> =>
      Object.fromEntries(
        combatHooks
          .flMemberChips(k)
          .map((chip): [string, boolean] => [chip.label.split(".").at(-1) ?? "", chip.on]),
      );
    fake.setUser(PLAYER.id);
    await clickSheet(sheet.FlActorSheet, k, "spend", { kind: "move" });
    expect(lit()).toMatchObject({ base: true, move: true, quick: true });
    const { actionsIn } = await import("../../src/foundry/rulesets/freelancers/budget.ts");
    const memberId = combat.combatants.contents.find((c) => c.actorId === k.id)?.id ?? "";
    expect(actionsIn(combat as never, memberId)).toMatchObject({ base: 1, move: 0, quick: 1 });
    await clickSheet(sheet.FlActorSheet, k, "spend", { kind: "move" });
    expect(actionsIn(combat as never, memberId)).toMatchObject({ base: 0, move: 0, quick: 1 });
    await clickSheet(sheet.FlActorSheet, k, "spend", { kind: "quick" });
    expect(actionsIn(combat as never, memberId)).toMatchObject({ base: 0, move: 0, quick: 0 });
    expect(lit()).toMatchObject({ base: false, move: false, quick: false });
    await clickSheet(sheet.FlActorSheet, k, "spend", { kind: "quick" });
    expect(world.warnings().at(-1)).toBe("No Quick action is left this turn.");
    // Rook's owner presses Move out of his turn: refused, nothing recorded.
    fake.setUser(PLAYER2.id);
    await clickSheet(sheet.FlActorSheet, r, "spend", { kind: "move" });
    expect(world.warnings().at(-1)).toBe("It is not Rook's turn.");
    await fake.as(GM.id, () => combat.delete());
  });
});
