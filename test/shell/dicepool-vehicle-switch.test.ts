/**
 * A vehicle made in a dice-pool world survives the world switching to Worldlines (which does not
 * play vehicles): it loads under an inert model, keeps its data, and is the dice pool's again
 * once the world switches back; Worldlines' create dialog offers no vehicle. Also the fake's
 * createDialog, which copies core's `types` restriction.
 */
import { describe, expect, it } from "vitest";
import {
  EMPTY_WORLD,
  actorsOf,
  boot,
  playedData,
  switchTo,
  systemOf,
} from "./world-reload.support.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

interface DialogClass {
  createDialog: (
    data?: Record<string, unknown>,
    createOptions?: Record<string, unknown>,
    options?: { types?: string[] },
  ) => Promise<unknown>;
  lastCreateDialog: { types: string[] } | null;
}
const actorClass = (fake: FakeFoundry) =>
  fake.CONFIG["Actor"]?.documentClass as unknown as DialogClass &
    NonNullable<FakeFoundry["CONFIG"]["Actor"]>["documentClass"];

describe("a dice-pool vehicle across a ruleset switch", () => {
  it("loads under Worldlines with its data kept, and comes back whole to the dice pool", async () => {
    let session = await boot("dicepool", EMPTY_WORLD);
    const Actor = session.fake.CONFIG["Actor"]?.documentClass;
    await Actor?.createDocuments([
      { name: "Ana", type: "character" },
      {
        name: "Rover",
        type: "vehicle",
        system: { speed: 8, energy: { value: 3, max: 6 }, damage: 2, moving: true },
      },
    ]);
    const rover = () => actorsOf(session.fake).find((a) => a.name === "Rover");
    const before = playedData(rover() as never);
    expect(before).toMatchObject({ speed: 8, energy: { value: 3, max: 6 }, damage: 2 });

    session = await switchTo(session, "worldlines");
    expect(session.invalid.Actor).toEqual([]);
    const inert = rover();
    expect(inert?.type).toBe("vehicle");
    expect(systemOf(inert as never)).toMatchObject({
      ruleset: "worldlines",
      kept: { dicepool: { speed: 8, energy: { value: 3, max: 6 }, damage: 2 } },
    });
    // Worldlines' create dialog does not offer the type it does not play.
    const Dialog = actorClass(session.fake);
    await Dialog.createDialog();
    expect(Dialog.lastCreateDialog?.types).toEqual(["character", "npc"]);
    // Nor does a caller asking for vehicles get them.
    await Dialog.createDialog({}, {}, { types: ["vehicle", "npc"] });
    expect(Dialog.lastCreateDialog?.types).toEqual(["npc"]);

    session = await switchTo(session, "dicepool");
    expect(session.invalid.Actor).toEqual([]);
    expect(playedData(rover() as never)).toEqual(before);
  });
});

describe("the fake's createDialog (core v13 ClientDocumentMixin.createDialog)", () => {
  it("offers every declared type but base, restricted by `types`, and throws on a bad restriction", async () => {
    const session = await boot("worldlines", EMPTY_WORLD);
    const { Actor } = await import("../fake-foundry/documents.ts");
    const Core = Actor as unknown as DialogClass;
    await Core.createDialog();
    expect(Core.lastCreateDialog?.types).toEqual(["character", "npc", "vehicle"]);
    await Core.createDialog({}, {}, { types: ["npc"] });
    expect(Core.lastCreateDialog?.types).toEqual(["npc"]);
    expect(() => Core.createDialog({}, {}, { types: [] })).toThrow(/must not be empty/);
    expect(() => Core.createDialog({}, {}, { types: ["ship"] })).toThrow(/Invalid Actor sub-type/);
    expect(session.invalid.Actor).toEqual([]);
  });
});
