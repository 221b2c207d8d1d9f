/**
 * Attacks and dice-pool vehicles, through the one attack card refereed by the GM.
 * - On a vehicle: a hit lands on its structure (its `damage`, never past frame + Size + 3). It
 *   defends as Fray reads the book for it: Dodge is its pilot's Mental + Pilot (none with nobody
 *   at the wheel), no Parry, Soak by its frame plus armor, flawless with the size difference
 *   against a smaller attacker (the book's bus), rolled against its equal.
 * - With a vehicle's weapon: the crew member at it (the pilot, or the gunner the GM seats) is the
 *   attacker, with its own attack pool and its own action; the vehicle lends the weapon, its size
 *   and its Energy, and the distance is measured from the vehicle's token. Nobody fires a vehicle
 *   as the attacker, nor with a crew member not seated at it or not theirs.
 * Every die is fixed through CONFIG.Dice.randomUniform.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, cardState, fighters, playerAttacks } = t;

const vsys = (vehicle: Actor.Implementation) =>
  (vehicle as unknown as { system: { damage: number; energy: { value: number } } }).system;

type SheetHandler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Presses a weapon's Attack on the vehicle's sheet, as ApplicationV2 runs its action. */
async function fireOnSheet(vehicle: Actor.Implementation, itemId: string): Promise<void> {
  const { DicepoolVehicleSheet } =
    await import("../../src/foundry/rulesets/dicepool/vehicle/sheet.ts");
  const Sheet = DicepoolVehicleSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, SheetHandler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions["fire"];
  if (!handler) throw new Error("no fire action");
  await handler.call(new Sheet({ document: vehicle }), {}, { dataset: { itemId } });
}

async function makeVehicle(source: Record<string, unknown>) {
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  return (await t.fake.as(GM.id, () =>
    Actor?.create({ type: "vehicle", ...source }),
  )) as unknown as Actor.Implementation;
}

/**
 * The player's Rover (Size 2) with a turret gun (and a ram), on square 0; Ana (Ranged Combat 2:
 * 5 ranged dice; Close Combat 3) at the wheel, her own token far off on square 5; Brute on
 * square 1.
 */
async function playersRover(crew: Record<string, unknown> = {}) {
  const { ana, brute } = await fighters(
    { kind: "close" },
    { skills: { closeCombat: 3, rangedCombat: 2 } },
  );
  const vehicle = await makeVehicle({
    name: "Rover",
    ownership: { [PLAYER.id]: 3 },
    system: { crew: { pilotId: ana.id, ...crew } },
    items: [
      { name: "Turret gun", type: "weapon", system: { kind: "ranged" } },
      { name: "Ram", type: "weapon", system: { kind: "close" } },
    ],
  });
  t.board.place(vehicle, { col: 0, row: 0 });
  t.board.place(brute, { col: 1, row: 0 });
  t.board.place(ana, { col: 5, row: 0 });
  const gun = t.itemOf(vehicle);
  return { ana, brute, vehicle, gun };
}

/** The GM's Rover (frame 2, Size 2: structure 7) on Ana's square, with `pilot` at the wheel. */
async function rover(damage = 0, pilot: Actor.Implementation | null = null) {
  const { ana } = await fighters();
  const vehicle = await makeVehicle({
    name: "Rover",
    system: { damage, crew: { pilotId: pilot?.id ?? null } },
  });
  t.board.place(vehicle, { col: 0, row: 0 });
  return { ana, vehicle };
}

/** The GM's driver NPC: Mental 3, Pilot 2, wound penalty 1 (its Dodge for a vehicle: 4 dice). */
async function driver() {
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  return (await t.fake.as(GM.id, () =>
    Actor?.create({
      name: "Driver",
      type: "npc",
      system: { attributes: { mental: 3 }, skills: { pilot: 2 }, woundPenalty: 1 },
    }),
  )) as unknown as Actor.Implementation;
}

const choiceOf = (message: ChatMessage.Implementation, defense: string) =>
  cardState(message).choices.find((c) => c.defense === defense);

describe("a character's attack on a vehicle", () => {
  it("raises the vehicle's structure damage when applied", async () => {
    const { ana, vehicle } = await rover();
    dice(6, 6, 6, 6, 6); // 5 hits
    const message = await playerAttacks(ana, vehicle);
    expect(cardState(message).stage).toBe("defend");
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1); // the wound dice
    expect(await t.defend(message, "soak")).toBe(true);
    // Frame 2 + Size difference 1, every die a hit: 5 − 3 = 2.
    expect(cardState(message).result).toMatchObject({ net: 2, damage: 2 });
    expect(vsys(vehicle).damage).toBe(0);
    t.fake.setUser(PLAYER.id);
    expect(await t.apply(message)).toBe(true);
    expect(vsys(vehicle).damage).toBe(2);
    expect(vsys(vehicle).energy.value).toBe(5);
    expect(cardState(message).stage).toBe("applied");
  });

  it("never takes the structure damage past the structure", async () => {
    const { ana, vehicle } = await rover(6);
    dice(6, 6, 6, 6, 6);
    const message = await playerAttacks(ana, vehicle);
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    expect(await t.defend(message, "soak")).toBe(true);
    t.fake.setUser(PLAYER.id);
    expect(await t.apply(message)).toBe(true);
    expect(vsys(vehicle).damage).toBe(7);
    expect(t.fake.notifications).toEqual([]);
  });
});

describe("a vehicle defending", () => {
  it("dodges with its pilot's Mental + Pilot, never parries, soaks flawlessly against a smaller attacker", async () => {
    const { ana, vehicle } = await rover(0, await driver());
    dice(6, 6, 6, 6, 1);
    const message = await playerAttacks(ana, vehicle);
    expect(choiceOf(message, "dodge")).toMatchObject({ allowed: true, dice: 4, mode: "rolled" });
    expect(choiceOf(message, "parry")).toMatchObject({ allowed: false });
    expect(choiceOf(message, "soak")).toMatchObject({ allowed: true, dice: 3, mode: "flawless" });
    t.fake.setUser(GM.id);
    expect(await t.defend(message, "parry")).toBe(false);
    dice(6, 6, 1, 1, 1, 1); // the pilot's 4 dice: 2 hits; 2 wound dice
    expect(await t.defend(message, "dodge")).toBe(true);
    expect(cardState(message).result).toMatchObject({
      defense: "dodge",
      defensePool: { dice: 4, hits: 2 },
      net: 2,
    });
  });

  it("has only its Soak with nobody able at the wheel", async () => {
    const { ana, vehicle } = await rover();
    dice(6, 6, 6, 6, 1);
    const message = await playerAttacks(ana, vehicle);
    expect(choiceOf(message, "dodge")).toMatchObject({ allowed: false });
    expect(choiceOf(message, "parry")).toMatchObject({ allowed: false });
    t.fake.setUser(GM.id);
    expect(await t.defend(message, "dodge")).toBe(false);
    expect(cardState(message).stage).toBe("defend");
  });
});

describe("a vehicle's weapon", () => {
  it("the sheet's Attack opens the attack for the user's crew member with the vehicle's weapon", async () => {
    const { vehicle, gun, brute } = await playersRover();
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const asked = t.fake.dialogs.asked.length;
    await fireOnSheet(vehicle, gun.id ?? "");
    expect(
      t.fake.dialogs.asked
        .slice(asked)
        .map((d) => d.content)
        .join(""),
    ).toContain("Turret gun (Rover)");
    // A player with nobody seated at the vehicle fires nothing.
    t.fake.setUser(PLAYER2.id);
    await fireOnSheet(vehicle, gun.id ?? "");
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "Nobody of yours is at this vehicle's guns or controls.",
    );
  });

  it("fires with the pilot's own pool and action, measured from the vehicle, landing on the target", async () => {
    const { ana, brute, vehicle, gun } = await playersRover();
    await t.fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    dice(6, 6, 6, 1); // Physical 3 + Ranged Combat 2, 1 space from the vehicle: 4 dice, 3 hits
    const message = await t.attack.declareDicepoolAttack(
      ana,
      gun,
      [brute],
      { ...t.DEFAULT_CHOICE },
      vehicle,
    );
    if (message === null) throw new Error(JSON.stringify(t.fake.notifications));
    expect(cardState(message)).toMatchObject({
      attackerName: "Ana",
      weaponName: "Turret gun (Rover)",
      situation: { distance: 1 },
      attackPool: { dice: 4, hits: 3 },
      attacker: { size: 2 },
    });
    expect(t.budget(ana).simpleUsed).toBe(1);
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1, 1, 1); // Brute's Soak (5 dice) misses; 3 wound dice
    expect(await t.defend(message, "soak")).toBe(true);
    expect(await t.apply(message)).toBe(true);
    expect(t.sys(brute).health.damage).toBe(3);
  });

  it("pays what the attack costs with the vehicle's Energy, never the crew member's", async () => {
    const { ana, brute, vehicle } = await playersRover();
    t.board.place(brute, { col: 0, row: 0 });
    const ram = (vehicle as unknown as { items: { contents: Item.Implementation[] } }).items
      .contents[1];
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1); // Blitz: 3 + 3 + 4 dice
    const message = await t.attack.declareDicepoolAttack(
      ana,
      ram ?? null,
      [brute],
      { ...t.DEFAULT_CHOICE, blitz: true },
      vehicle,
    );
    expect(message).not.toBeNull();
    expect(vsys(vehicle).energy.value).toBe(3);
    expect(t.sys(ana).energy.value).toBe(t.sys(ana).energy.max);
  });

  it("the gunner the GM seats fires it; against a vehicle of its size the Soak is rolled", async () => {
    const { ana, brute, vehicle, gun } = await playersRover();
    // Brute (the GM's) at the wheel, Ana at the guns; a second Rover as the target.
    await t.gmSets(vehicle, { "system.crew.pilotId": brute.id, "system.crew.gunnerId": ana.id });
    const other = await makeVehicle({ name: "Van", system: { size: 2 } });
    t.board.place(other, { col: 2, row: 0 });
    t.fake.setUser(PLAYER.id);
    t.table.target(other);
    dice(6, 6, 6); // 5 − 2 spaces: 3 dice
    const message = await t.attack.declareDicepoolAttack(
      ana,
      gun,
      [other],
      { ...t.DEFAULT_CHOICE },
      vehicle,
    );
    if (message === null) throw new Error(JSON.stringify(t.fake.notifications));
    expect(choiceOf(message, "soak")).toMatchObject({ allowed: true, dice: 2, mode: "rolled" });
  });
});

describe("a wrecked vehicle's weapons", () => {
  it("do not fire: the sheet's Attack says why and opens nothing; a forged attack is refused", async () => {
    const { ana, vehicle, gun, brute } = await playersRover();
    await t.gmSets(vehicle, { "system.damage": 7 });
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const asked = t.fake.dialogs.asked.length;
    const messages = t.fake.game.messages.contents.length;
    await fireOnSheet(vehicle, gun.id ?? "");
    expect(t.fake.dialogs.asked.length).toBe(asked);
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "Rover is wrecked (no structure left): it cannot drive or fire.",
    );
    // Past the sheet, straight to the referee: refused there too.
    const forged = await t.protocol.declareCard("dicepool.attack", {
      ...t.DEFAULT_CHOICE,
      attackerId: ana.id,
      weaponId: gun.id,
      targetId: brute.id,
      rollMode: "publicroll",
      vehicleId: vehicle.id,
    });
    expect(forged).toMatchObject({ ok: false, reason: "wrecked" });
    expect(t.fake.game.messages.contents.length).toBe(messages);
  });
});

describe("who may fire", () => {
  const forge = (payload: Record<string, unknown>) =>
    t.fake.as(PLAYER.id, () =>
      t.referee.sendIntent(t.protocol.CARD_DECLARE, {
        kind: "dicepool.attack",
        payload: { ...t.DEFAULT_CHOICE, rollMode: "publicroll", ...payload },
      }),
    );

  it("refuses a vehicle as the attacker, from the client and at the referee", async () => {
    const { brute, vehicle, gun } = await playersRover();
    const messages = t.fake.game.messages.contents.length;
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const card = await t.attack.declareDicepoolAttack(vehicle, gun, [brute], {
      ...t.DEFAULT_CHOICE,
    });
    expect(card).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "A vehicle's weapons fire through its crew: press the weapon's Attack on the vehicle's sheet.",
    );
    dice(6, 6, 6, 6, 6, 6);
    const forged = await forge({ attackerId: vehicle.id, weaponId: gun.id, targetId: brute.id });
    expect(forged).toMatchObject({ ok: false, reason: "vehicleAttacker" });
    expect(t.fake.game.messages.contents.length).toBe(messages);
    expect(t.sys(brute).health.damage).toBe(0);
  });

  it("refuses a crew member not seated at the vehicle, or a weapon not the vehicle's", async () => {
    const { ana, brute, vehicle, gun } = await playersRover({ pilotId: null });
    const messages = t.fake.game.messages.contents.length;
    dice(6, 6, 6, 6, 6, 6);
    const base = { attackerId: ana.id, weaponId: gun.id, targetId: brute.id };
    expect(await forge({ ...base, vehicleId: vehicle.id })).toMatchObject({
      ok: false,
      reason: "notCrew",
    });
    // The vehicle's weapon named as Ana's own: she has no such item.
    await t.gmSets(vehicle, { "system.crew.pilotId": ana.id });
    expect(await forge(base)).toMatchObject({ ok: false, reason: "notAWeapon" });
    // Ana's own knife named as the vehicle's.
    const knife = t.itemOf(ana);
    expect(await forge({ ...base, weaponId: knife.id, vehicleId: vehicle.id })).toMatchObject({
      ok: false,
    });
    // Another player's request with the seated crew member: not theirs.
    const asOther = await t.fake.as(PLAYER2.id, () =>
      t.referee.sendIntent(t.protocol.CARD_DECLARE, {
        kind: "dicepool.attack",
        payload: { ...t.DEFAULT_CHOICE, rollMode: "publicroll", ...base, vehicleId: vehicle.id },
      }),
    );
    expect(asOther).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(t.fake.game.messages.contents.length).toBe(messages);
    expect(t.sys(brute).health.damage).toBe(0);
  });
});
