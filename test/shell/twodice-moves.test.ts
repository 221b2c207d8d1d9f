/**
 * Issue 28, two dice: a move declared with an attack, chosen in the attack dialog (move and
 * strike, move half and shoot), on the map. The shooter moving fires with its weapon's Defense and
 * its token may then go half its Agility this turn; move and strike lets it go its whole Agility;
 * a target whose token moved this turn is a moving target (the world's modifier).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Dialog from "../../src/foundry/rulesets/twodice/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;
let table: ReturnType<typeof installTableFakes>;
let declare: typeof Declare;
let dialog: typeof Dialog;
let cards: typeof Cards;

beforeAll(async () => {
  w = await moveWorld(
    "twodice",
    { size: 100, distance: 1, units: "m" },
    // Tokens move as they are dragged here (the book's order: twodice-turn-end.test.ts).
    { "fray.twodiceMovingTarget": -2, "fray.twodiceMovesAtTurnEnd": false },
  );
  table = installTableFakes(w.fake);
  installTokenFakes(w.fake);
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  dialog = await import("../../src/foundry/rulesets/twodice/attack/dialog.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
});

const KARA = {
  name: "Kara",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: { traits: { agility: 6 } },
  items: [
    {
      name: "Rifle",
      type: "weapon",
      system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6 },
    },
    { name: "Knife", type: "weapon", system: { kind: "melee", attack: 12, defense: 6, damage: 1 } },
  ],
};

async function fight(first: "kara" | "rook" = "kara") {
  const [kara, rook] = await w.actors([
    KARA,
    { name: "Rook", type: "npc", items: [KARA.items[0]] },
  ]);
  if (kara === undefined || rook === undefined) throw new Error("no actors");
  const order = first === "kara" ? [kara, rook] : [rook, kara];
  const spaces = [
    { col: 0, row: 0 },
    { col: 9, row: 0 },
  ];
  const { combat, tokens } = await w.fight(order, first === "kara" ? spaces : spaces.reverse());
  const token = (a: Actor.Implementation) => tokens[order.indexOf(a)];
  const weapon = (name: string) =>
    kara.items.contents.find((i) => i.name === name) as unknown as Item.Implementation;
  return { kara, rook, combat, karaToken: token(kara), rookToken: token(rook), weapon };
}

const cardOf = (id: string | null) =>
  cards.twodiceCardOf(w.fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation);

describe("an attack declared as part of a move", () => {
  it("the dialog offers the moves that go with the weapon", async () => {
    const { kara, rook, weapon } = await fight();
    w.fake.setUser(PLAYER.id);
    table.target(rook);
    await dialog.openTwodiceAttack(kara, weapon("Rifle"), "single");
    const shot = w.fake.dialogs.asked.at(-1)?.content ?? "";
    expect(shot).toContain('<option value="moveAndShoot">Move and shoot</option>');
    expect(shot).not.toContain('value="moveAndMelee"');
    await dialog.openTwodiceAttack(kara, weapon("Knife"), "single");
    expect(w.fake.dialogs.asked.at(-1)?.content ?? "").toContain('value="moveAndMelee"');
  });

  it("move and shoot fires with the weapon's Defense, then the token goes half its Agility", async () => {
    const { kara, rook, weapon, karaToken } = await fight();
    w.fake.setUser(PLAYER.id);
    const id = await declare.declareTwodiceAttack(kara, weapon("Rifle"), rook, {
      move: "moveAndShoot",
    });
    const card = cardOf(id);
    expect(card?.setup).toMatchObject({ usesDefense: true, value: 8 });
    expect(card?.move).toBe("moveAndShoot");
    if (karaToken === undefined) throw new Error("no token");
    // Agility 6: half is 3 m.
    expect(await w.drag(karaToken, { col: 4, row: 0 })).toBe(false);
    expect(await w.drag(karaToken, { col: 3, row: 0 })).toBe(true);
  });

  it("move and strike lets the token go its whole Agility", async () => {
    const { kara, rook, weapon, karaToken } = await fight();
    w.fake.setUser(PLAYER.id);
    const id = await declare.declareTwodiceAttack(kara, weapon("Knife"), rook, {
      move: "moveAndMelee",
    });
    expect(cardOf(id)?.move).toBe("moveAndMelee");
    if (karaToken === undefined) throw new Error("no token");
    expect(await w.drag(karaToken, { col: 6, row: 0 })).toBe(true);
  });

  it("a move that does not go with the weapon is refused, nothing spent", async () => {
    const { kara, rook, weapon } = await fight();
    w.fake.setUser(PLAYER.id);
    w.fake.notifications.length = 0;
    const id = await declare.declareTwodiceAttack(kara, weapon("Rifle"), rook, {
      move: "moveAndMelee",
    });
    expect(id).toBeNull();
    expect(w.fake.notifications.at(-1)?.message).toContain("does not go with this weapon");
  });

  it("a target whose token moved this turn is a moving target", async () => {
    const { kara, rook, karaToken } = await fight();
    if (karaToken === undefined) throw new Error("no token");
    // Kara walks 2 m in her turn; the GM's Rook then shoots at her.
    expect(await w.drag(karaToken, { col: 2, row: 0 })).toBe(true);
    const gun = rook.items.contents[0] as unknown as Item.Implementation;
    const id = await w.fake.as(GM.id, () => declare.declareTwodiceAttack(rook, gun, kara));
    const card = cardOf(id);
    expect(card?.situation.targetMoving).toBe(true);
    expect(card?.setup.modifiers).toContainEqual({ source: "movingTarget", value: -2 });
  });
});
