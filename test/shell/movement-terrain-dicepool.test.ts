/**
 * The dice-pool game's ground on the map (issue 24): the GM marks a Region as rough terrain with
 * Fray's Region behaviour; Ana's player drags her token across it and the GM rolls Physical +
 * Mobility for each rough space (core Roll, in chat under the GM's roll mode), a failure costing
 * 2 Energy, once per move. A move that ends in the air starts a fall; each of her turn starts
 * drops her 2 spaces, her token coming down with her, and landing hurts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installMovementFakes } from "../fake-foundry/movement.ts";
import type { FakeTokenDocument, MovementFakes } from "../fake-foundry/movement.ts";
import { addBehavior } from "../fake-foundry/region-behaviors.ts";
import { makeRegion } from "../fake-foundry/walls.ts";
import type { FakeRegionDocument } from "../fake-foundry/walls.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
let moves: MovementFakes;

beforeAll(() => {
  moves = installMovementFakes(t.fake, { size: 100, distance: 5, units: "ft" });
});

/** Ana (3 dice a rough roll: Physical 3, no Mobility) at (0, 0), the Brute far off. */
async function setting(energy = 3) {
  const { ana, brute } = await t.fighters();
  await t.gmSets(ana, { "system.energy.value": energy, "system.speed": 3 });
  const scene = moves.scene("Marsh");
  const token = moves.place(scene, ana, { col: 0, row: 0 });
  moves.place(scene, brute, { col: 9, row: 9 });
  const combat = await t.fight(ana, brute);
  return { ana, brute, token, combat };
}

/** The GM draws a swamp over columns 1 and 2 of the first row, rough at this difficulty. */
function swamp(token: FakeTokenDocument, difficulty: unknown): FakeRegionDocument {
  const region = moves.addRegion(
    token.parent,
    makeRegion("Swamp", [{ type: "rectangle", x: 100, y: 0, width: 200, height: 100 }]),
  );
  const behavior = addBehavior(region, {
    type: "fray.roughTerrain",
    system: { difficulty },
  });
  if (behavior === null) throw new Error("the behaviour was refused");
  return region;
}

async function drag(
  token: FakeTokenDocument,
  col: number,
  row: number,
  extra: { action?: string; elevation?: number } = {},
): Promise<boolean> {
  const moved = await t.fake.as(PLAYER.id, () => token.move([{ ...moves.at(col, row), ...extra }]));
  await t.referee.refereeIdle();
  return moved;
}

interface Posted {
  content: string;
  whisper: string[];
  blind: boolean;
  rolls: unknown[];
  author: { id: string };
  flags: Record<string, Record<string, unknown> | undefined>;
}

function postedSince(from: number): Posted[] {
  return t.fake.game.messages.contents.slice(from) as unknown as Posted[];
}

const roughCards = (from: number) =>
  postedSince(from).filter((m) => m.flags["fray"]?.["roughGround"] !== undefined);

describe("Fray's rough-terrain Region behaviour (core's RegionBehavior subtypes, as the fake makes them)", () => {
  it("is registered for the type system.json declares; an undeclared type or bad data is refused", async () => {
    await setting();
    const models = (
      t.fake.CONFIG["RegionBehavior"] as unknown as { dataModels: Record<string, unknown> }
    ).dataModels;
    expect(models["fray.roughTerrain"]).toBeDefined();
    const region = makeRegion("Mud", []);
    expect(addBehavior(region, { type: "fray.quicksand" })).toBeNull();
    expect(
      addBehavior(region, { type: "fray.roughTerrain", system: { difficulty: "lots" } }),
    ).toBeNull();
    // Core's NumberField cleaning: a whole count, brought within its bounds; 1 by default.
    const steep = addBehavior(region, { type: "fray.roughTerrain", system: { difficulty: 2.6 } });
    expect((steep?.system as { difficulty?: number }).difficulty).toBe(3);
    const plain = addBehavior(region, { type: "fray.roughTerrain" });
    expect((plain?.system as { difficulty?: number }).difficulty).toBe(1);
    expect(addBehavior(region, { type: "modifyMovementCost" })).not.toBeNull();
  });
});

describe("rough terrain in the dice-pool game", () => {
  it("a drag across two rough spaces rolls once a space; the failure costs 2 Energy; once per move", async () => {
    const { ana, token } = await setting();
    swamp(token, 2);
    const before = t.fake.game.messages.contents.length;
    // Space 1: 6 6 1 (2 hits: passed); space 2: 1 1 1 (no hit: −2 Energy).
    t.dice(6, 6, 1, 1, 1, 1);
    expect(await drag(token, 3, 0)).toBe(true);
    expect(t.sys(ana).energy.value).toBe(1);
    const cards = roughCards(before);
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(card?.author.id).toBe(GM.id);
    expect(card?.content).toContain("Space 1: 2 hits of 2: passed.");
    expect(card?.content).toContain("Space 2: 0 hits of 2: failed, −2 Energy.");
    expect(card?.content).toContain("Ana loses 2 Energy to the ground.");
    // Core Rolls ride on the message (Dice So Nice shows them), one a die.
    expect(card?.rolls).toHaveLength(6);
    // The move was paid as any move: a Simple action of the turn.
    expect(t.budget(ana)).toMatchObject({ simpleUsed: 1, moves: 1 });
  });

  it("a failure that the Energy cannot pay is a critical failure the card leaves to the GM", async () => {
    const { ana, token } = await setting(1);
    swamp(token, 1);
    t.dice(1, 1, 1);
    expect(await drag(token, 1, 0)).toBe(true);
    expect(t.sys(ana).energy.value).toBe(1);
    const card = roughCards(0).at(-1);
    expect(card?.content).toMatch(/Ana cannot pay the Energy: a critical failure/);
  });

  it("ground outside the Region, and a move put back by the GM, roll nothing", async () => {
    const { ana, token } = await setting();
    swamp(token, 2);
    const before = t.fake.game.messages.contents.length;
    expect(await drag(token, 0, 2)).toBe(true);
    expect(roughCards(before)).toHaveLength(0);
    // Too far for two moves: the GM reverts the console's move without a roll.
    await moves.consoleMove(PLAYER.id, token, [moves.at(9, 2)], 0);
    await t.referee.refereeIdle();
    expect(roughCards(before)).toHaveLength(0);
    expect(t.sys(ana).energy.value).toBe(3);
  });

  it("the rolls follow the GM's roll mode: a blind roll is whispered to the GMs", async () => {
    const { token } = await setting();
    swamp(token, 1);
    await t.fake.as(GM.id, () => t.fake.game.settings.set("core", "rollMode", "blindroll"));
    try {
      const before = t.fake.game.messages.contents.length;
      t.dice(6, 6, 6);
      expect(await drag(token, 1, 0)).toBe(true);
      const card = roughCards(before)[0];
      expect(card?.whisper).toEqual([GM.id]);
      expect(card?.blind).toBe(true);
    } finally {
      await t.fake.as(GM.id, () => t.fake.game.settings.set("core", "rollMode", "publicroll"));
    }
  });
});

describe("falling in the dice-pool game", () => {
  it("a move ending 15 ft up starts a 3-space fall; each of her turns drops her 2, landing hurts", async () => {
    const { ana, token, combat } = await setting();
    const before = t.fake.game.messages.contents.length;
    expect(await drag(token, 1, 0, { elevation: 15 })).toBe(true);
    expect(t.falling(ana)).toEqual({ height: 3, fallen: 0 });
    expect(
      postedSince(before)
        .map((m) => m.content)
        .join(),
    ).toContain("Ana is in the air, 3 spaces up, and falls 2 spaces a round");
    // She cannot steer her fall: a drag in the air is refused, with the reason.
    t.fake.notifications.length = 0;
    expect(await drag(token, 2, 0)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toContain("A falling character cannot move.");
    await t.endTurn(combat); // the Brute's turn
    await t.endTurn(combat); // Ana's again: she drops 2 spaces
    expect(t.falling(ana)).toEqual({ height: 1, fallen: 2 });
    expect(token.elevation).toBe(5);
    // Dropping is no move of hers: her fresh turn is whole.
    expect(t.budget(ana)).toMatchObject({ simpleUsed: 0, moves: 0 });
    const damage = t.sys(ana).health.damage;
    // Landing: 2 damage a space fallen (3 spaces: 6), and a wound die a point.
    t.dice(1, 1, 1, 1, 1, 1);
    await t.endTurn(combat);
    await t.endTurn(combat);
    expect(t.falling(ana)).toBeNull();
    expect(token.elevation).toBe(0);
    expect(t.sys(ana).health.damage).toBe(damage + 6);
  });

  it("a climber on the wall, or a move on the ground, does not fall", async () => {
    const { ana, token } = await setting();
    expect(await drag(token, 1, 0, { action: "climb", elevation: 10 })).toBe(true);
    expect(t.falling(ana)).toBeNull();
    const walker = await setting();
    expect(await drag(walker.token, 1, 0)).toBe(true);
    expect(t.falling(walker.ana)).toBeNull();
  });
});

describe("a fall is the GM's to record", () => {
  it("a player's console write of her own actor's old falling field changes nothing the GM reads", async () => {
    const { ana, token, combat } = await setting();
    expect(await drag(token, 1, 0, { elevation: 15 })).toBe(true);
    // Her player clears the fall on her actor from the console (the server lets an owner write
    // any system value): she is still falling, cannot steer, and her turn still drops her.
    await t.fake.as(PLAYER.id, () => ana.update({ "system.falling": null } as never));
    t.fake.notifications.length = 0;
    expect(await drag(token, 2, 0)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toContain("A falling character cannot move.");
    await t.endTurn(combat);
    await t.endTurn(combat);
    expect(token.elevation).toBe(5);
    const chips = t.combat.dicepoolMemberChips(ana).map((c) => c.label);
    expect(chips).toContain("Falling 1");
    // A fall she writes for a fighter on the ground holds nobody up either.
    const walker = await setting();
    await t.fake.as(PLAYER.id, () =>
      walker.ana.update({ "system.falling": { height: 3, fallen: 0 } } as never),
    );
    expect(await drag(walker.token, 1, 0)).toBe(true);
  });
});

describe("a roof the GM marks as ground", () => {
  it("holds a fighter walking on it at its height; stepping off it starts the fall", async () => {
    const { ana, token } = await setting();
    moves.addRegion(
      token.parent,
      makeRegion("Roof", [{ type: "rectangle", x: 0, y: 0, width: 200, height: 100 }], {
        elevation: { bottom: 15, top: null },
        flags: { fray: { ground: true } },
      }),
    );
    expect(await drag(token, 1, 0, { elevation: 15 })).toBe(true);
    expect(t.falling(ana)).toBeNull();
    expect(await drag(token, 2, 0)).toBe(true);
    expect(t.falling(ana)).toEqual({ height: 3, fallen: 0 });
  });
});

describe("the dice-pool ruler on rough ground", () => {
  it("says how many rolls the segment's rough spaces ask for; plain ground says nothing", async () => {
    const { token } = await setting();
    swamp(token, 2);
    const Ruler = (
      t.fake.CONFIG["Token"] as unknown as {
        rulerClass: new (token: unknown) => {
          labels(w: object[]): { context: { fray?: { text: string; terrain?: string } } }[];
        };
      }
    ).rulerClass;
    const at = (col: number, row: number, distance: number, stage = "planned") => ({
      stage,
      action: "walk",
      x: col * 100,
      y: row * 100,
      measurement: { distance },
    });
    const [, across, on] = new Ruler({ document: token }).labels([
      at(0, 0, 0, "passed"),
      at(3, 0, 15),
      at(3, 1, 20),
    ]);
    expect(across?.context.fray?.terrain).toBe("rough terrain: 2 rolls");
    expect(across?.context.fray?.text).toBe("3 spaces · 0 of 3 left · Move 1 of 2");
    expect(on?.context.fray?.terrain).toBeUndefined();
    // The label's template (the ruler's WAYPOINT_LABEL_TEMPLATE) shows the words.
    const { WAYPOINT_LABEL_TEMPLATE } = await import("../../src/foundry/movement/ruler.ts");
    const html = await t.table.renderTemplate(WAYPOINT_LABEL_TEMPLATE, across?.context);
    expect(html).toContain('<span class="fray-waypoint-terrain">rough terrain: 2 rolls</span>');
    const plain = await t.table.renderTemplate(WAYPOINT_LABEL_TEMPLATE, on?.context);
    expect(plain).not.toContain("fray-waypoint-terrain");
  });
});
