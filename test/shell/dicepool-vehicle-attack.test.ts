/**
 * Attacks on dice-pool vehicles: a character's hit on a vehicle's token lands on the vehicle's
 * structure (its `damage`, never past the structure frame + Size + 3), through the one attack
 * card, refereed by the GM. A vehicle's own weapon fires only through its pilot (not built yet):
 * the attack declaration refuses a vehicle as the attacker, whoever asks and however.
 * Every die is fixed through CONFIG.Dice.randomUniform.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, cardState, fighters, playerAttacks } = t;

const vsys = (vehicle: Actor.Implementation) =>
  (vehicle as unknown as { system: { damage: number; energy: { value: number } } }).system;

/** The player's Rover with a turret gun and Ana (the player's) at the wheel. */
async function playersRover() {
  const { ana, brute } = await fighters();
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  const vehicle = (await t.fake.as(GM.id, () =>
    Actor?.create({
      name: "Rover",
      type: "vehicle",
      ownership: { [PLAYER.id]: 3 },
      system: { crew: { pilotId: ana.id } },
      items: [{ name: "Turret gun", type: "weapon", system: { kind: "ranged" } }],
    }),
  )) as unknown as Actor.Implementation;
  t.board.place(vehicle, { col: 0, row: 0 });
  return { brute, vehicle };
}

/** The GM's Rover (frame 2, Size 2: structure 7), on the square where Ana stands. */
async function rover(damage = 0) {
  const { ana } = await fighters();
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  const vehicle = (await t.fake.as(GM.id, () =>
    Actor?.create({ name: "Rover", type: "vehicle", system: { damage } }),
  )) as unknown as Actor.Implementation;
  t.board.place(vehicle, { col: 0, row: 0 });
  return { ana, vehicle };
}

describe("a character's attack on a vehicle", () => {
  it("raises the vehicle's structure damage when applied", async () => {
    const { ana, vehicle } = await rover();
    dice(6, 5, 4, 1, 2); // 3 hits
    const message = await playerAttacks(ana, vehicle);
    expect(cardState(message).stage).toBe("defend");
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1); // the dodge misses; the rest are wound dice
    expect(await t.defend(message, "dodge")).toBe(true);
    expect(cardState(message).result).toMatchObject({ net: 3, damage: 3 });
    expect(vsys(vehicle).damage).toBe(0);
    t.fake.setUser(PLAYER.id);
    expect(await t.apply(message)).toBe(true);
    expect(vsys(vehicle).damage).toBe(3);
    expect(vsys(vehicle).energy.value).toBe(5);
    expect(cardState(message).stage).toBe("applied");
  });

  it("never takes the structure damage past the structure", async () => {
    const { ana, vehicle } = await rover(6);
    dice(6, 5, 4, 1, 2); // 3 hits
    const message = await playerAttacks(ana, vehicle);
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    expect(await t.defend(message, "dodge")).toBe(true);
    t.fake.setUser(PLAYER.id);
    expect(await t.apply(message)).toBe(true);
    expect(vsys(vehicle).damage).toBe(7);
    expect(t.fake.notifications).toEqual([]);
  });
});

describe("a vehicle as the attacker", () => {
  it("is refused with a message and no card, from the client and at the referee", async () => {
    const { brute, vehicle } = await playersRover();
    const messages = t.fake.game.messages.contents.length;
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const card = await t.attack.declareDicepoolAttack(vehicle, t.itemOf(vehicle), [brute], {
      ...t.DEFAULT_CHOICE,
    });
    expect(card).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "A vehicle's weapon fires only through its pilot, and that is not possible yet.",
    );
    // The same intent sent straight to the referee (a console) is refused there too.
    dice(6, 6, 6, 6, 6, 6);
    const forged = await t.fake.as(PLAYER.id, () =>
      t.referee.sendIntent(t.protocol.CARD_DECLARE, {
        kind: "dicepool.attack",
        payload: {
          ...t.DEFAULT_CHOICE,
          attackerId: vehicle.id,
          weaponId: t.itemOf(vehicle).id,
          targetId: brute.id,
          rollMode: "publicroll",
        },
      }),
    );
    expect(forged).toMatchObject({ ok: false, reason: "vehicleAttacker" });
    expect(t.fake.game.messages.contents.length).toBe(messages);
    expect(t.sys(brute).health.damage).toBe(0);
  });
});
