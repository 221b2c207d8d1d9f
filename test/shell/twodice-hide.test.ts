/**
 * Issue 28, two dice: hiding and Medicine at the table. Hide (a sheet button) is a card the GM
 * posts; the GM keeps the hiding in the combat's ledger, the tracker shows it, no shot reaches the
 * hider, and the hider makes no plain attack until it takes cover. Medicine opens a dialog for the
 * book's bonuses: more time (never in a fight) and better circumstances (the GM's call).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Tracker from "../../src/foundry/rulesets/twodice/combat.ts";
import type * as Checks from "../../src/foundry/rulesets/twodice/table/checks.ts";
import type * as Self from "../../src/foundry/rulesets/twodice/table/self.ts";
import type * as Stance from "../../src/foundry/rulesets/twodice/stance.ts";
import type * as Sheet from "../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts";
import { clickSheet } from "./boot.support.ts";
import { effectStatuses, openHud } from "./hud.support.ts";
import { TWODICE_RIFLE, twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let declare: typeof Declare;
let combat: typeof Tracker;
let checks: typeof Checks;
let self: typeof Self;
let stance: typeof Stance;
let sheet: typeof Sheet;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  combat = await import("../../src/foundry/rulesets/twodice/combat.ts");
  checks = await import("../../src/foundry/rulesets/twodice/table/checks.ts");
  self = await import("../../src/foundry/rulesets/twodice/table/self.ts");
  stance = await import("../../src/foundry/rulesets/twodice/stance.ts");
  sheet = await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(() => {
  world.reset();
  fake.dialogs.asked.length = 0;
});

const RIFLE = TWODICE_RIFLE;

async function cast() {
  const sly = await world.createActor({
    name: "Sly",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { traits: { agility: 6, medicine: 10 } },
    items: [RIFLE],
  });
  const gunner = await world.createActor({
    name: "Gunner",
    type: "character",
    ownership: { [PLAYER2.id]: 3 },
    items: [RIFLE],
  });
  world.place(sly, gunner);
  return { sly, gunner };
}

/** The GM makes the actor's combatant the one taking its turn. */
async function activate(fight: Combat.Implementation, actor: Actor.Implementation) {
  const id = fight.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  await fake.as(GM.id, () =>
    (fight as unknown as { activateCombatant(id: string): Promise<unknown> }).activateCombatant(id),
  );
  await whenIdle();
}

const lastContent = () =>
  (fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation | undefined)
    ?.content ?? "";

describe("hiding", () => {
  it("the sheet's Hide posts the GM's card; no shot reaches the hider, whatever is sent", async () => {
    const { sly, gunner } = await cast();
    const fight = await world.startedCombat([sly, gunner]);
    await fake.as(PLAYER.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "hide"));
    expect(lastContent()).toContain("Sly is out of sight");
    await activate(fight, gunner);
    expect(stance.twodiceHidden(sly)).toBe(true);
    expect(combat.twodiceMemberChips(sly).map((c) => c.label)).toContain(
      "FRAY.Twodice.Tracker.Hidden",
    );
    world.dice(3, 2);
    const shot = await fake.as(PLAYER2.id, () =>
      declare.declareTwodiceAttack(gunner, world.item(gunner, "Rifle"), sly, { hidden: false }),
    );
    expect(shot).toBeNull();
    expect(world.warnings().at(-1)).toBe("Sly is hiding: there is no line of sight.");
  });

  it("only the hider's owner hides it, and only in a fight (the GM keeps it there)", async () => {
    const { sly, gunner } = await cast();
    await fake.as(PLAYER2.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "hide"));
    expect(world.warnings().at(-1)).toBe("You cannot do that for this character.");
    await fake.as(PLAYER.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "hide"));
    expect(stance.twodiceHidden(sly)).toBe(false);
    const fight = await world.startedCombat([sly, gunner]);
    // The ledger is the Combat's: the server refuses a player's write to it.
    const id = fight.combatants.contents.find((c) => c.actorId === sly.id)?.id ?? "";
    await expect(
      fake.as(PLAYER.id, () => fight.update({ [`flags.fray.ledger.${id}.twodiceHidden`]: true })),
    ).rejects.toThrow();
    expect(stance.twodiceHidden(sly)).toBe(false);
  });

  it("a hider makes no plain shot, and stays hidden until it takes cover", async () => {
    const { sly, gunner } = await cast();
    const fight = await world.startedCombat([sly, gunner]);
    await fake.as(PLAYER.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "hide"));
    await fake.as(GM.id, () => fight.nextRound());
    await whenIdle();
    await activate(fight, sly);
    world.dice(3, 2);
    const rifle = world.item(sly, "Rifle");
    expect(
      await fake.as(PLAYER.id, () => declare.declareTwodiceAttack(sly, rifle, gunner)),
    ).toBeNull();
    expect(world.warnings().at(-1)).toBe(
      "You are hiding: take cover first, or attack as part of a move.",
    );
    expect(stance.twodiceHidden(sly)).toBe(true);
    await fake.as(PLAYER.id, () => self.twodiceDeclare(sly, "takeCover"));
    expect(stance.twodiceHidden(sly)).toBe(false);
  });
});

describe("Medicine with the book's bonuses", () => {
  it("the dialog offers more time, not in a fight; better circumstances only to the GM", async () => {
    const { sly, gunner } = await cast();
    await fake.as(PLAYER.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "medicine"));
    const calm = fake.dialogs.asked.at(-1)?.content ?? "";
    expect(calm).toMatch(/name="moreTime" \/>/);
    expect(calm).not.toContain('name="betterCircumstances"');
    await fake.as(GM.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "medicine"));
    expect(fake.dialogs.asked.at(-1)?.content ?? "").toContain('name="betterCircumstances"');
    await world.startedCombat([sly, gunner]);
    await fake.as(PLAYER.id, () => clickSheet(sheet.TwodiceActorSheet, sly, "medicine"));
    expect(fake.dialogs.asked.at(-1)?.content ?? "").toMatch(/name="moreTime" disabled \/>/);
  });

  it("more time adds its bonus; a player's better circumstances are dropped, the GM's count", async () => {
    const { sly } = await cast();
    // Medicine 10 + 2 for more time: black 12 succeeds.
    world.dice(12, 19);
    const timed = await fake.as(PLAYER.id, () =>
      checks.twodiceMedicine(sly, sly, undefined, { moreTime: true, betterCircumstances: true }),
    );
    expect(timed).toMatchObject({ ok: true });
    expect(lastContent()).toContain("More time +2");
    expect(lastContent()).not.toContain("Better circumstances");
    expect(lastContent()).toMatch(/Rolls against <strong>12<\/strong>/);
    world.dice(14, 19);
    await fake.as(GM.id, () =>
      checks.twodiceMedicine(sly, sly, undefined, { moreTime: true, betterCircumstances: true }),
    );
    expect(lastContent()).toMatch(/Rolls against <strong>14<\/strong>/);
  });

  it("more time is refused in a fight, nothing rolled or spent", async () => {
    const { sly, gunner } = await cast();
    await world.startedCombat([sly, gunner]);
    world.dice(12, 19);
    const refused = await fake.as(PLAYER.id, () =>
      checks.twodiceMedicine(sly, sly, undefined, { moreTime: true }),
    );
    expect(refused).toMatchObject({ ok: false, reason: "noTimeInFight" });
    expect(world.diceLeft()).toEqual([12, 19]);
  });
});

describe("hiding on the token HUD", () => {
  it("shows the ledger's hiding; a click hides as the sheet's Hide, another takes cover", async () => {
    const { sly, gunner } = await cast();
    const fight = await world.startedCombat([sly, gunner]);
    const hud = await openHud(fake, sly, PLAYER.id);
    expect(hud.shown("hidden")).toMatchObject({ isActive: false });
    await hud.click("hidden");
    expect(lastContent()).toContain("Sly is out of sight");
    expect(stance.twodiceHidden(sly)).toBe(true);
    expect(effectStatuses(sly)).toEqual([]);
    expect((await openHud(fake, sly, PLAYER.id)).shown("hidden")).toMatchObject({ isActive: true });
    expect(sly.statuses.has("hidden")).toBe(true);
    // Out of hiding is the book's Take Cover, the next round's action.
    await fake.as(GM.id, () => fight.nextRound());
    await whenIdle();
    await activate(fight, sly);
    await hud.click("hidden");
    expect(stance.twodiceHidden(sly)).toBe(false);
    expect(sly.statuses.has("hidden")).toBe(false);
  });
});
