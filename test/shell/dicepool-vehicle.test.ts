/**
 * Dice-pool vehicles at the table: the vehicle's own data (Energy 5, structure frame + Size + 3,
 * joint validation), its sheet (the crew picked by the GM among the actors the user can see),
 * Drive (the pilot's Mental + Pilot pool with core Roll, through the card protocol, refereed by
 * the GM; the pilot's second drive of a turn sprints on the vehicle's Energy) and Refuel (refused
 * in a fight), and the create dialog offering vehicles in a dice-pool world.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();

interface VehicleSystem {
  crew: { pilotId: string | null };
  energy: { value: number; max: number };
  damage: number;
  moving: boolean;
  speed: number;
}
const vsys = (vehicle: Actor.Implementation) =>
  (vehicle as unknown as { system: VehicleSystem }).system;

type SheetHandler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Presses a button of the vehicle sheet, as ApplicationV2 runs its action. */
async function press(vehicle: Actor.Implementation, action: "drive" | "refuel"): Promise<void> {
  const { DicepoolVehicleSheet } =
    await import("../../src/foundry/rulesets/dicepool/vehicle/sheet.ts");
  const Sheet = DicepoolVehicleSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, SheetHandler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no ${action} action`);
  await handler.call(new Sheet({ document: vehicle }), {}, { dataset: {} });
}

/** Ana (the player's, Mental 3, Pilot 2) and the player's Rover with her at the wheel. */
async function rover(system: Record<string, unknown> = {}) {
  const { ana, brute } = await t.fighters(
    { kind: "close" },
    {
      attributes: { physical: 3, mental: 3 },
      skills: { closeCombat: 2, pilot: 2 },
    },
  );
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  const vehicle = (await t.fake.as(GM.id, () =>
    Actor?.create({
      name: "Rover",
      type: "vehicle",
      ownership: { [PLAYER.id]: 3 },
      system: { crew: { pilotId: ana.id }, speed: 6, ...system },
      items: [{ name: "Turret gun", type: "weapon", system: { kind: "ranged" } }],
    }),
  )) as unknown as Actor.Implementation;
  return { ana, brute, vehicle };
}

const lastLine = () =>
  (t.fake.game.messages.contents.at(-1) as unknown as { content: string }).content;
const lastWarning = () => t.fake.notifications.at(-1)?.message;

describe("a dice-pool vehicle's data", () => {
  it("starts with its own 5 Energy and refuses Energy over its max or damage over its structure", async () => {
    const { vehicle } = await rover();
    expect(vsys(vehicle)).toMatchObject({ energy: { value: 5, max: 5 }, damage: 0, moving: false });
    // Structure: frame 2 + Size 2 + 3 = 7.
    await t.gmSets(vehicle, { "system.damage": 8 });
    expect(vsys(vehicle).damage).toBe(0);
    expect(lastWarning()).toContain("Structure damage 8 is more than the vehicle's structure 7.");
    await t.gmSets(vehicle, { "system.damage": 7 });
    expect(vsys(vehicle).damage).toBe(7);
    await t.gmSets(vehicle, { "system.energy.value": 6 });
    expect(vsys(vehicle).energy.value).toBe(5);
    await t.gmSets(vehicle, { "system.speed": -1 });
    // Core's cleaning clamps a number into its field's bounds: speed never goes below 0.
    expect(vsys(vehicle).speed).toBe(0);
  });
});

describe("the vehicle sheet", () => {
  it("shows the pilot's pool and structure; only the GM picks the pilot, among actors the user sees", async () => {
    const { ana, vehicle } = await rover();
    const { dicepoolVehicleSheetContext } =
      await import("../../src/foundry/rulesets/dicepool/vehicle/sheet.ts");
    const asGM = await dicepoolVehicleSheetContext(vehicle);
    expect(asGM).toMatchObject({ crewEditable: true, pilotName: "Ana", pilotPool: 5 });
    expect(asGM).toMatchObject({ structure: 7, structureLeft: 7, speed: 6 });
    expect(asGM.weapons.map((w) => w.name)).toEqual(["Turret gun"]);
    expect(asGM.pilots.some((p) => p.name === "Brute")).toBe(true);
    expect(asGM.pilots.find((p) => p.id === ana.id)?.selected).toBe(true);
    t.fake.setUser(PLAYER.id);
    const asPlayer = await dicepoolVehicleSheetContext(vehicle);
    expect(asPlayer.crewEditable).toBe(false);
    // Brute is the GM's and not shown to the player; no vehicle is a pilot.
    expect(asPlayer.pilots.map((p) => p.name)).not.toContain("Brute");
    expect(asPlayer.pilots.map((p) => p.name)).not.toContain("Rover");
  });

  it("shows the gunner the GM seats, and none at first", async () => {
    const { ana, vehicle } = await rover();
    const { dicepoolVehicleSheetContext } =
      await import("../../src/foundry/rulesets/dicepool/vehicle/sheet.ts");
    expect(await dicepoolVehicleSheetContext(vehicle)).toMatchObject({ gunnerName: null });
    await t.gmSets(vehicle, { "system.crew.gunnerId": ana.id });
    const seated = await dicepoolVehicleSheetContext(vehicle);
    expect(seated.gunnerName).toBe("Ana");
    expect(seated.gunners.find((g) => g.id === ana.id)?.selected).toBe(true);
    expect(seated.gunners.map((g) => g.name)).not.toContain("Rover");
  });
});

describe("Drive", () => {
  it("rolls the pilot's Mental + Pilot through the referee; the vehicle covers its speed", async () => {
    const { vehicle } = await rover();
    t.fake.setUser(PLAYER.id);
    const before = t.fake.game.messages.contents.length;
    t.dice(6, 6, 1, 1, 1);
    await press(vehicle, "drive");
    expect(t.fake.game.messages.contents.length).toBe(before + 1);
    expect(lastLine()).toContain("Ana drives Rover 6 spaces (2 hits on 5 dice).");
    // Out of a fight no drive is a sprint: the vehicle keeps its Energy, and it is under way.
    expect(vsys(vehicle)).toMatchObject({ energy: { value: 5 }, moving: true });
    const message = t.fake.game.messages.contents.at(-1) as unknown as { author: { id: string } };
    expect(message.author.id).toBe(GM.id);
  });

  it("in a fight, the pilot's second drive of a turn is a sprint paid with the vehicle's Energy", async () => {
    const { ana, brute, vehicle } = await rover();
    await t.fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    t.dice(1, 1, 1, 1, 1);
    await press(vehicle, "drive");
    expect(vsys(vehicle).energy.value).toBe(5);
    t.dice(6, 1, 1, 1, 1);
    await press(vehicle, "drive");
    expect(lastLine()).toContain("Ana sprints Rover 6 spaces for 1 of its Energy");
    expect(vsys(vehicle).energy.value).toBe(4);
    expect(t.budget(ana).moves).toBe(2);
    // Ana's own Energy is untouched: the vehicle pays.
    expect(t.sys(ana).energy.value).toBe(t.sys(ana).energy.max);
  });

  it("a sprint the vehicle cannot pay is refused and nothing changes", async () => {
    const { ana, brute, vehicle } = await rover({ energy: { value: 0, max: 5 } });
    await t.fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    t.dice(1, 1, 1, 1, 1);
    await press(vehicle, "drive");
    const messages = t.fake.game.messages.contents.length;
    await press(vehicle, "drive");
    expect(lastWarning()).toMatch(/Energy/);
    expect(t.fake.game.messages.contents.length).toBe(messages);
    expect(t.budget(ana).moves).toBe(1);
  });

  it("is refused without a pilot, and to a player driving with a pilot not theirs", async () => {
    const { vehicle, brute } = await rover({ crew: { pilotId: null } });
    t.fake.setUser(PLAYER.id);
    const messages = t.fake.game.messages.contents.length;
    await press(vehicle, "drive");
    expect(lastWarning()).toBe("The vehicle has no pilot: the GM picks one on its sheet.");
    // The player writes the GM's Brute in as the pilot from the console: still refused.
    await t.fake.as(PLAYER.id, () => vehicle.update({ "system.crew.pilotId": brute.id } as never));
    await press(vehicle, "drive");
    expect(lastWarning()).toBe("You may drive only with a pilot of your own.");
    const forged = await t.protocol.declareCard("dicepool.vehicle", {
      act: "drive",
      vehicleId: vehicle.id,
    });
    expect(forged.ok).toBe(false);
    // Another player may not drive the Rover at all.
    t.fake.setUser(PLAYER2.id);
    await press(vehicle, "drive");
    expect(lastWarning()).toBe("You may not do that on this card.");
    expect(t.fake.game.messages.contents.length).toBe(messages);
  });
});

describe("a wrecked vehicle", () => {
  it("cannot Drive: the sheet's button says why, and a forged drive is refused; nothing is written", async () => {
    // Structure 7 (frame 2 + Size 2 + 3), all of it taken.
    const { vehicle } = await rover({ damage: 7 });
    t.fake.setUser(PLAYER.id);
    const messages = t.fake.game.messages.contents.length;
    await press(vehicle, "drive");
    expect(lastWarning()).toBe("Rover is wrecked (no structure left): it cannot drive or fire.");
    const forged = await t.protocol.declareCard("dicepool.vehicle", {
      act: "drive",
      vehicleId: vehicle.id,
    });
    expect(forged).toMatchObject({ ok: false, reason: "wrecked" });
    expect(t.fake.game.messages.contents.length).toBe(messages);
    expect(vsys(vehicle)).toMatchObject({ moving: false, energy: { value: 5 } });
    // One point of structure left, it drives again.
    await t.gmSets(vehicle, { "system.damage": 6 });
    t.fake.setUser(PLAYER.id);
    t.dice(1, 1, 1, 1, 1);
    await press(vehicle, "drive");
    expect(vsys(vehicle).moving).toBe(true);
  });
});

describe("Refuel", () => {
  it("fills the vehicle's Energy out of a fight and is refused in one", async () => {
    const { ana, brute, vehicle } = await rover({ energy: { value: 1, max: 5 } });
    t.fake.setUser(PLAYER.id);
    await press(vehicle, "refuel");
    expect(vsys(vehicle).energy.value).toBe(5);
    expect(lastLine()).toContain("Rover is refuelled: Energy 5.");
    await t.gmSets(vehicle, { "system.energy.value": 2 });
    await t.fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    await press(vehicle, "refuel");
    expect(lastWarning()).toBe("No refuelling during a fight.");
    expect(vsys(vehicle).energy.value).toBe(2);
  });
});

describe("the create dialog in a dice-pool world", () => {
  it("offers vehicles with the characters and NPCs", async () => {
    const Actor = t.fake.CONFIG["Actor"]?.documentClass as unknown as {
      createDialog: () => Promise<unknown>;
      lastCreateDialog: { types: string[] } | null;
    };
    await Actor.createDialog();
    expect(Actor.lastCreateDialog?.types).toEqual(["character", "npc", "vehicle"]);
  });
});
