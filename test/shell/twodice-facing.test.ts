/**
 * Issue 28, two dice: a shooter that has to turn more than 90° to fire shoots with its weapon's
 * Defense, as one that moved. Facing is the token's rotation (core's, 0 facing down the map); the
 * GM writes each fighter's rotation down when the round starts, in the fight's ledger, and
 * measures a shot against it: the rotation now, and the bearing to the target. The player's
 * "moved or turned" tick does not change what the map measures.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";
import type { FakeTokenDocument } from "../fake-foundry/movement.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Dialog from "../../src/foundry/rulesets/twodice/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;
let table: ReturnType<typeof installTableFakes>;
let declare: typeof Declare;
let dialog: typeof Dialog;
let cards: typeof Cards;

beforeAll(async () => {
  w = await moveWorld("twodice", { size: 100, distance: 1, units: "m" });
  table = installTableFakes(w.fake);
  installTokenFakes(w.fake);
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  dialog = await import("../../src/foundry/rulesets/twodice/attack/dialog.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
});

const RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6 },
};

/** Kara (facing down the map at row 5) and Rook below her (row 9) or above her (row 1). */
async function fight(rook: "below" | "above") {
  const [kara, target] = await w.actors([
    { name: "Kara", type: "character", ownership: { [PLAYER.id]: 3 }, items: [RIFLE] },
    { name: "Rook", type: "npc" },
  ]);
  if (kara === undefined || target === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight(
    [kara, target],
    [
      { col: 5, row: 5 },
      { col: 5, row: rook === "below" ? 9 : 1 },
    ],
  );
  const karaToken = tokens[0] as FakeTokenDocument;
  const rifle = kara.items.contents[0] as unknown as Item.Implementation;
  const shoot = async (choices: Partial<Declare.TwodiceChoices> = {}) => {
    const id = await w.fake.as(PLAYER.id, () =>
      declare.declareTwodiceAttack(kara, rifle, target, choices),
    );
    if (id === null) return null;
    return cards.twodiceCardOf(
      w.fake.game.messages.get(id) as unknown as ChatMessage.Implementation,
    );
  };
  return { kara, target, combat, karaToken, rifle, shoot };
}

describe("turning more than 90° to fire", () => {
  it("a shooter facing its target shoots with Attack, whatever its player ticks", async () => {
    const { shoot } = await fight("below");
    const card = await shoot({ moved: true });
    expect(card?.setup).toMatchObject({ usesDefense: false, value: 14 });
  });

  it("a shooter with its back to the target shoots with Defense, and the dialog says why", async () => {
    const { kara, target, rifle, shoot } = await fight("above");
    w.fake.setUser(PLAYER.id);
    table.target(target);
    await dialog.openTwodiceAttack(kara, rifle, "single");
    w.fake.setUser(GM.id);
    const asked = w.fake.dialogs.asked.at(-1)?.content ?? "";
    expect(asked).toMatch(/name="moved" checked \/>/);
    expect(asked).toContain("must turn that far to face the target");
    const card = await shoot({ moved: false });
    expect(card?.setup).toMatchObject({ usesDefense: true, value: 8 });
  });

  it("counts a turn of more than 90° since the round began, until the next round", async () => {
    const { karaToken, combat, shoot } = await fight("above");
    // She turns to face Rook above her: 180° from how the round found her.
    await w.fake.as(PLAYER.id, () => karaToken.update({ rotation: 180 }));
    expect((await shoot())?.setup.usesDefense).toBe(true);
    // The next round writes her new facing down: facing the target, no turn.
    await w.fake.as(GM.id, () => combat.nextRound());
    await w.idle();
    const kara = combat.combatants.contents.find((c) => c.actorId === karaToken.actorId);
    const active = combat as unknown as { activateCombatant(id: string): Promise<unknown> };
    await w.fake.as(GM.id, () => active.activateCombatant(kara?.id ?? ""));
    await w.idle();
    w.fake.notifications.length = 0;
    const again = await shoot();
    expect(w.fake.notifications).toEqual([]);
    expect(again?.setup).toMatchObject({ usesDefense: false, value: 14 });
  });

  it("keeps the round's facing where only the GM writes: a player's forged facing is refused", async () => {
    const { kara, combat, shoot } = await fight("above");
    const id = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
    await expect(
      w.fake.as(PLAYER.id, () =>
        combat.update({ [`flags.fray.ledger.${id}.twodiceFacing`]: { rotation: 180 } }),
      ),
    ).rejects.toThrow();
    expect((await shoot())?.setup.usesDefense).toBe(true);
  });
});
