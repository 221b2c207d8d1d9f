/**
 * The fake's token selection (test/fake-foundry/movement.ts), as core's `Token#control`,
 * `Token#release` and `TokenLayer#controlled`: each client its own selection; a player selects
 * only a token they own, a GM any; selecting releases the others unless told not to.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import { installMovementFakes } from "../fake-foundry/movement.ts";

interface Placeable {
  actor: unknown;
  control(options?: { releaseOthers?: boolean }): boolean;
  release(): boolean;
}

async function world() {
  const fake = installFakeFoundry({ users: [GM, PLAYER, PLAYER2] });
  const moves = installMovementFakes(fake, { size: 100, distance: 5, units: "ft" });
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const [ana, bo] = (await Actor?.createDocuments([
    { name: "Ana", type: "base", ownership: { [PLAYER.id]: 3 } },
    { name: "Bo", type: "base", ownership: { [PLAYER.id]: 3 } },
  ])) as unknown as { id: string }[];
  if (ana === undefined || bo === undefined) throw new Error("no actors");
  const scene = moves.scene("Road");
  moves.place(scene, ana, { col: 0, row: 0 });
  moves.place(scene, bo, { col: 1, row: 0 });
  const placeables = moves.canvas.tokens.placeables as unknown as Placeable[];
  const controlled = () => moves.canvas.tokens.controlled as unknown as Placeable[];
  return { fake, ana, bo, placeables, controlled };
}

describe("the fake's token selection", () => {
  it("is each client's own; a player selects only their own token, a GM any", async () => {
    const { fake, placeables, controlled } = await world();
    const [anaToken] = placeables;
    if (anaToken === undefined) throw new Error("no token");
    expect(fake.as(PLAYER2.id, () => anaToken.control())).toBe(false);
    expect(fake.as(PLAYER2.id, controlled)).toEqual([]);
    expect(fake.as(PLAYER.id, () => anaToken.control())).toBe(true);
    expect(fake.as(PLAYER.id, controlled)).toEqual([anaToken]);
    expect(fake.as(GM.id, controlled)).toEqual([]);
    expect(fake.as(GM.id, () => anaToken.control())).toBe(true);
    expect(fake.as(PLAYER.id, () => anaToken.release())).toBe(true);
    expect(fake.as(PLAYER.id, controlled)).toEqual([]);
    expect(fake.as(GM.id, controlled)).toEqual([anaToken]);
  });

  it("releases the others unless told not to", async () => {
    const { fake, placeables, controlled } = await world();
    const [anaToken, boToken] = placeables;
    if (anaToken === undefined || boToken === undefined) throw new Error("no tokens");
    fake.as(PLAYER.id, () => anaToken.control());
    fake.as(PLAYER.id, () => boToken.control());
    expect(fake.as(PLAYER.id, controlled)).toEqual([boToken]);
    fake.as(PLAYER.id, () => anaToken.control({ releaseOthers: false }));
    expect(fake.as(PLAYER.id, controlled)).toEqual([anaToken, boToken]);
  });
});
