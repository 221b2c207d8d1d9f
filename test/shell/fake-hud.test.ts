/**
 * The fake's token HUD and status effects do what core v13's do (test/fake-foundry/hud.ts and
 * Actor#toggleStatusEffect in documents.ts): core's default status list, the palette marking
 * what the actor's effects say, and a click toggling an ActiveEffect of the status.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { TokenHUD, clickStatus } from "../fake-foundry/hud.ts";
import type { StatusChoice } from "../fake-foundry/hud.ts";

let fake: FakeFoundry;

beforeAll(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER], userId: GM.id });
});

interface Doc {
  id: string;
  type: string;
  effects: { contents: { id: string; statuses: Set<string>; name: string; flags: object }[] };
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
}

async function actor(): Promise<Doc> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  return (await Actor?.create({ name: "Ana", type: "character" })) as unknown as Doc;
}

const statusList = () => fake.CONFIG["statusEffects"] as unknown as { id: string }[];

describe("the fake's status effects", () => {
  it("start as core's default list, with prone among them", () => {
    const ids = statusList().map((entry) => entry.id);
    expect(ids.slice(0, 5)).toEqual(["dead", "unconscious", "sleep", "stun", "prone"]);
    expect(fake.CONFIG["Token"]).toMatchObject({ hudClass: TokenHUD });
  });

  it("toggle an ActiveEffect of the status as core's Actor#toggleStatusEffect", async () => {
    const ana = await actor();
    const created = await ana.toggleStatusEffect("prone");
    expect(ana.effects.contents.map((e) => [...e.statuses])).toEqual([["prone"]]);
    expect(ana.effects.contents[0]).toMatchObject({ name: "EFFECT.StatusProne" });
    expect(created).toBe(ana.effects.contents[0]);
    // Forced on while on: nothing changes (true); off: deleted (false); off again: undefined.
    expect(await ana.toggleStatusEffect("prone", { active: true })).toBe(true);
    expect(await ana.toggleStatusEffect("prone", { active: false })).toBe(false);
    expect(ana.effects.contents).toEqual([]);
    expect(await ana.toggleStatusEffect("prone", { active: false })).toBeUndefined();
    await expect(ana.toggleStatusEffect("nope")).rejects.toThrow(/Invalid status ID/);
  });
});

describe("the fake's token HUD", () => {
  it("marks what the actor's effects say, and a click toggles it (right click: overlay)", async () => {
    const ana = await actor();
    const hud = new TokenHUD();
    await hud.bind({ document: { actor: ana } });
    const shown = () => hud.lastContext?.["statusEffects"] as Record<string, StatusChoice>;
    expect(shown()["prone"]).toMatchObject({ isActive: false, cssClass: "" });
    await clickStatus(hud, "prone");
    expect(shown()["prone"]).toMatchObject({ isActive: true, cssClass: "active" });
    await clickStatus(hud, "prone");
    expect(ana.effects.contents).toEqual([]);
    await clickStatus(hud, "stun", 2);
    expect(shown()["stun"]).toMatchObject({ isActive: true, isOverlay: true });
    expect(shown()["stun"]?.cssClass).toBe("active overlay");
  });

  it("leaves out a status the HUD must not show, and an effect of several statuses", async () => {
    const ana = await actor();
    const list = statusList() as { id: string; hud?: unknown }[];
    list.push({ id: "hidden", hud: false }, { id: "npcOnly", hud: { actorTypes: ["npc"] } });
    try {
      const hud = new TokenHUD();
      await hud.bind({ document: { actor: ana } });
      const ids = Object.keys(hud.lastContext?.["statusEffects"] as object);
      expect(ids).not.toContain("hidden");
      expect(ids).not.toContain("npcOnly");
      const Effect = ana as unknown as {
        createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>;
      };
      await Effect.createEmbeddedDocuments("ActiveEffect", [
        { name: "Both", statuses: ["sleep", "prone"] },
      ]);
      await hud.render({ force: true });
      const choices = hud.lastContext?.["statusEffects"] as Record<string, StatusChoice>;
      expect(choices["prone"]?.isActive).toBe(false);
    } finally {
      list.splice(-2, 2);
    }
  });

  it("warns and toggles nothing without an actor", async () => {
    const hud = new TokenHUD();
    await hud.bind({ document: { actor: null } });
    fake.notifications.length = 0;
    await clickStatus(hud, "prone");
    expect(fake.notifications).toEqual([{ level: "warn", message: "HUD.WarningEffectNoActor" }]);
  });
});
