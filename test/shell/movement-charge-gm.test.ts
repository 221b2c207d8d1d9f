/**
 * The WWN Charge from the sheet when the GM presses it (issue 24): for an NPC on its turn, and for
 * a player's fighter the GM drives; the GM's client moves the token (the GM owns every token) and
 * the referee prices the run on that fighter's round. A wall across the run refuses it before
 * anything moves or is paid (core would stop the token at the wall and the shorter run would be
 * paid as the whole Charge).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { clickSheet } from "./boot.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import { itemNamed } from "./movement-reactions.support.ts";

let w: MoveWorld;
let budget: typeof import("../../src/foundry/rulesets/wwn/budget.ts");
let sheet: typeof import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
  budget = await import("../../src/foundry/rulesets/wwn/budget.ts");
  sheet = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
});

const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: { damage: "1d6", skill: "stab", attributes: { str: true, dex: true } },
};

/** A fight in which the charger (the Raider, or Kara) takes its turn, the other 8 squares away. */
async function fight(charger: "npc" | "kara") {
  const [kara, raider] = await w.actors([
    {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 } },
      items: [SPEAR],
    },
    {
      name: "Raider",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { health: { value: 10, max: 10 } },
      items: [SPEAR],
    },
  ]);
  if (kara === undefined || raider === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight(
    [kara, raider],
    [
      { col: 0, row: 0 },
      { col: 8, row: 0 },
    ],
  );
  const [karaToken, raiderToken] = tokens;
  if (karaToken === undefined || raiderToken === undefined) throw new Error("no tokens");
  if (charger === "npc") {
    // Kara's side acted; the GM ends her turn and the Raider's side takes its own.
    const ended = combat as unknown as { endCombatantTurn(id: string): Promise<unknown> };
    const id = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
    await w.fake.as(GM.id, () => ended.endCombatantTurn(id));
    await w.idle();
    const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
    const raiderId = combat.combatants.contents.find((c) => c.actorId === raider.id)?.id ?? "";
    const active = combat as unknown as { activateCombatant(id: string): Promise<unknown> };
    if (turnStateOf(combat).active !== raiderId) {
      await w.fake.as(GM.id, () => active.activateCombatant(raiderId));
      await w.idle();
    }
    if (turnStateOf(combat).active !== raiderId) throw new Error("not the Raider's turn");
  }
  const runner = charger === "npc" ? raiderToken : karaToken;
  const other = charger === "npc" ? karaToken : raiderToken;
  // The GM targets the one charged.
  w.fake.as(GM.id, () => {
    (game.user as unknown as { updateTokenTargets(ids: string[]): void }).updateTokenTargets([
      other.id,
    ]);
  });
  const actor = charger === "npc" ? raider : kara;
  return { actor, runner };
}

async function gmPressesCharge(actor: Actor.Implementation): Promise<void> {
  const spear = itemNamed(actor, "Spear");
  await w.fake.as(GM.id, () =>
    clickSheet(sheet.WwnActorSheet, actor, "charge", {}, spear.id ?? ""),
  );
  await w.idle();
}

describe("the WWN Charge pressed by the GM", () => {
  it("for an NPC: its token runs beside the foe, its round pays, the dialog opens", async () => {
    const { actor, runner } = await fight("npc");
    const asked = w.fake.dialogs.asked.length;
    await gmPressesCharge(actor);
    expect([runner.x, runner.y]).toEqual([100, 0]);
    expect(budget.fighterOf(actor).actions).toMatchObject({
      mainUsed: true,
      movesUsed: 1,
      charged: true,
    });
    expect(w.fake.dialogs.asked.slice(asked).at(-1)?.content).toMatch(/value="charge" selected/);
  });

  it("for a player's fighter the GM drives: Kara's token runs, Kara's round pays", async () => {
    const { actor, runner } = await fight("kara");
    await gmPressesCharge(actor);
    expect([runner.x, runner.y]).toEqual([700, 0]);
    expect(budget.fighterOf(actor).actions).toMatchObject({ mainUsed: true, movesUsed: 1 });
  });

  it("a wall across the run: refused with the reason, nothing moves, nothing is paid", async () => {
    const { actor, runner } = await fight("npc");
    w.moves.addWall(runner.parent, { col: 4, row: 0 }, { col: 4, row: 2 });
    w.fake.notifications.length = 0;
    const asked = w.fake.dialogs.asked.length;
    await gmPressesCharge(actor);
    expect([runner.x, runner.y]).toEqual([800, 0]);
    expect(w.fake.notifications.at(-1)?.message).toBe(
      "A wall stands in Raider's way: the run is not made.",
    );
    expect(budget.fighterOf(actor).actions).toMatchObject({ mainUsed: false, movesUsed: 0 });
    expect(w.fake.dialogs.asked.length).toBe(asked);
  });
});
