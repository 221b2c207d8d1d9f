/**
 * Screen an Ally at the table (issue 18), in the fake Foundry: Kara screens Tomas; when the bandit
 * attacks Tomas, the GM rolls the bandit's Str/Dex check with his weapon's skill against Kara's
 * with her best combat skill (core Roll, 2d6 each). If Kara wins, the attack turns on her: the
 * card says so, Apply hurts Kara, not Tomas. If the bandit wins, the attack stays on Tomas.
 * Either way Kara has used one of her blocks (the screen is the referee's record, in its ledger).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let whenIdle: () => Promise<void>;
/** The dice the next rolls show, in order: [sides, face]. */
const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    settings: { "fray.ruleset": "wwn" },
    random: faces.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
  faces.set();
});

type FrayCombat = Combat.Implementation & { activateCombatant(id: string): Promise<unknown> };
interface Sys {
  health: { value: number };
}
const sys = (actor: Actor.Implementation) => actor.system as unknown as Sys;
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const content = (message: ChatMessage.Implementation) =>
  (message as unknown as { content: string }).content;

/** Kara (Str 14, Stab-1) screens Tomas; the bandit (Stab-1 spear) is about to attack. */
async function screened() {
  fake.setUser(GM.id);
  const [kara, tomas, bandit] = (await docClass("Actor").createDocuments([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 }, attributes: { str: 14 }, skills: { stab: 1 } },
    },
    {
      name: "Tomas",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 } },
    },
    {
      name: "Bandit",
      type: "npc",
      system: { health: { value: 8, max: 8 }, skill: 1 },
      items: [
        {
          name: "Spear",
          type: "weapon",
          system: { damage: "1d6", skill: "stab", attributes: { str: true, dex: true } },
        },
      ],
    },
  ])) as unknown as Actor.Implementation[];
  if (kara === undefined || tomas === undefined || bandit === undefined) throw new Error("none");
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: kara.id },
    { actorId: tomas.id },
    { actorId: bandit.id },
  ] as never);
  await whenIdle();
  await fightOffScreen(fake, combat);
  faces.set([8, 8], [8, 1]);
  await combat.startCombat();
  const idOf = (a: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === a.id)?.id ?? "";
  fake.setUser(PLAYER.id);
  await combat.activateCombatant(idOf(kara));
  await whenIdle();
  expect(await actions.wwnScreen(kara, tomas.id ?? "")).toBe(true);
  fake.setUser(GM.id);
  await combat.activateCombatant(idOf(bandit));
  await whenIdle();
  fake.notifications.length = 0;
  return { kara, tomas, bandit };
}

async function banditAttacks(bandit: Actor.Implementation, target: Actor.Implementation) {
  fake.setUser(GM.id);
  table.target(target);
  const spear = bandit.items.contents.find((i) => i.name === "Spear");
  if (spear === undefined) throw new Error("no spear");
  const message = await actions.wwnAttack(bandit, spear, {});
  if (message === null) throw new Error(`refused: ${fake.notifications.at(-1)?.message}`);
  const card = actions.wwnCardOf(message);
  if (card === null) throw new Error("not a card");
  return { message, card };
}

describe("Screen an Ally", () => {
  it("an attack on the screened ally lands on the screener when she wins the check", async () => {
    const { kara, tomas, bandit } = await screened();
    // The bandit's check 1+1, Kara's 6+6; then the hit d20 19 and the spear's d6 4.
    faces.set([6, 1], [6, 1], [6, 6], [6, 6], [20, 19], [6, 4]);
    const { message, card } = await banditAttacks(bandit, tomas);
    expect(card.defenderId).toBe(kara.id);
    expect(card.defenderName).toBe("Kara");
    expect(content(message)).toContain("Kara stepped in front of Tomas and took the attack.");
    expect(actions.round(kara).screening).toEqual({ allyId: tomas.id, blocksLeft: 0 });
    await actions.press(message, "apply");
    expect(sys(kara).health.value).toBeLessThan(10);
    expect(sys(tomas).health.value).toBe(10);
  });

  it("does not turn the attack when the attacker wins the check", async () => {
    const { kara, tomas, bandit } = await screened();
    faces.set([6, 6], [6, 6], [6, 1], [6, 1], [20, 19], [6, 4]);
    const { message, card } = await banditAttacks(bandit, tomas);
    expect(card.defenderId).toBe(tomas.id);
    expect(content(message)).toContain("Bandit got past Kara’s screen around Tomas.");
    expect(actions.round(kara).screening).toEqual({ allyId: tomas.id, blocksLeft: 0 });
    await actions.press(message, "apply");
    expect(sys(tomas).health.value).toBeLessThan(10);
    expect(sys(kara).health.value).toBe(10);
  });
});
