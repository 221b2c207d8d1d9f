/**
 * What a player's console can try against the Freelancers referee, and what the GM does about
 * it: say the defender does not see the attack (the GM's call: it would take a dodging
 * defender's favorable defense away); take a second Base action in a turn by writing their own
 * actor; attack an actor that is neither in their fight nor on their scene. Each is refused (or
 * ignored) and no other owner's document changes.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type * as Declare from "../../src/foundry/rulesets/freelancers/attack/declare.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Turn from "../../src/foundry/rulesets/freelancers/table/self.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let actions: typeof Declare & typeof Dialog & typeof Turn;
let cards: typeof Cards;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  world = await flWorld();
  actions = {
    ...(await import("../../src/foundry/rulesets/freelancers/attack/declare.ts")),
    ...(await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts")),
    ...(await import("../../src/foundry/rulesets/freelancers/table/self.ts")),
  };
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(() => {
  world.reset();
});

const CHOICES = {
  cover: "none",
  as: "base",
  targetEngaged: false,
  defenderSees: true,
  distance: 1,
} as const;

const messages = () => world.fake.game.messages.contents as unknown as ChatMessage.Implementation[];
const health = (actor: Actor.Implementation) =>
  (actor.system as unknown as { health: { value: number } }).health.value;

/** The attack a player's client sends, as their console can send it. */
async function attack(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  choices: Record<string, unknown> = CHOICES,
) {
  world.table.target(target);
  return actions.flAttack(attacker, world.item(attacker, "Knife"), choices as never);
}

/**
 * Rook (PLAYER2's) dodges on his turn (a Long action: his defense rolls against seen attacks are
 * favorable), then the GM ends his side's phase and Kara (PLAYER's) takes her turn.
 */
async function rookDodgesThenKarasTurn() {
  const rook = await world.rook();
  const kara = await world.kara();
  const combat = await world.startedCombat([rook, kara]);
  world.fake.setUser(PLAYER2.id);
  expect(await actions.flDodge(rook)).toBe(true);
  await world.fake.as(GM.id, () =>
    (combat as unknown as { endPhase(): Promise<unknown> }).endPhase(),
  );
  await whenIdle();
  const karaId = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
  await world.fake.as(GM.id, () => combat.activateCombatant(karaId));
  await whenIdle();
  return { rook, kara };
}

describe("whether the defender sees the attack", () => {
  it("is the GM's call: a player's 'unseen' does not take a dodging defender's favorable roll", async () => {
    const { rook, kara } = await rookDodgesThenKarasTurn();
    world.fake.setUser(PLAYER.id);
    world.dice([20, 4]);
    const message = await attack(kara, rook, { ...CHOICES, defenderSees: false });
    if (message === null) throw new Error(`refused: ${world.warnings().join("; ")}`);
    world.fake.setUser(PLAYER2.id);
    world.dice([20, 15], [20, 6], [6, 1]);
    await actions.requestFlStep(message, "defend");
    const card = cards.flCardOf(message);
    // Favorable: two dice, the better (6) kept.
    expect(card?.result?.defense).toMatchObject({ faces: [15, 6], roll: 6 });
  });
});

describe("the actions of a turn", () => {
  it("cannot be given back by the player writing their own actor", async () => {
    const kara = await world.kara();
    const rook = await world.rook();
    await world.startedCombat([kara, rook]);
    world.fake.setUser(PLAYER.id);
    world.dice([20, 15]);
    expect(await attack(kara, rook)).not.toBeNull();
    // The console gives the spent Base action back on the player's own actor.
    await kara.update({ "system.actions.base": 1 } as never);
    const before = messages().length;
    world.dice([20, 15]);
    expect(await attack(kara, rook)).toBeNull();
    expect(messages().length).toBe(before);
    expect(world.warnings()).toContain("No Base action is left this turn.");
  });
});

describe("the target", () => {
  it("must be in the attacker's fight or on its scene: any other actor id is refused", async () => {
    const kara = await world.kara();
    const rook = await world.rook();
    const stranger = await world.createActor({ name: "Stranger", type: "character" });
    await world.startedCombat([kara, rook]);
    world.fake.setUser(PLAYER.id);
    const before = messages().length;
    world.dice([20, 4]);
    expect(await attack(kara, stranger)).toBeNull();
    expect(messages().length).toBe(before);
    expect(health(stranger)).toBe(10);
    expect(world.warnings()).toContain("Stranger is neither in this fight nor on this scene.");
  });
});

describe("the GM's Unseen on the card", () => {
  it("only the GM may press it; it takes the dodging defender's favorable roll away", async () => {
    const { rook, kara } = await rookDodgesThenKarasTurn();
    world.fake.setUser(PLAYER.id);
    world.dice([20, 4]);
    const message = await attack(kara, rook);
    if (message === null) throw new Error(`refused: ${world.warnings().join("; ")}`);
    expect(message.content).toContain('data-fray-step="unseen"');

    // The attacker's player (or the defender's) may not rule it: refused, the card unchanged.
    for (const player of [PLAYER.id, PLAYER2.id]) {
      const refused = await world.fake.as(player, () => actions.requestFlStep(message, "unseen"));
      expect(refused).toMatchObject({ ok: false, reason: "notAllowed" });
    }
    expect(cards.flCardOf(message)?.situation.defenderSees).toBe(true);

    expect(await world.fake.as(GM.id, () => actions.requestFlStep(message, "unseen"))).toEqual({
      ok: true,
    });
    expect(message.content).toContain("Unseen by the defender");
    expect(message.content).not.toContain('data-fray-step="unseen"');
    world.fake.setUser(PLAYER2.id);
    world.dice([20, 15], [6, 1]);
    await actions.requestFlStep(message, "defend");
    // Unseen: no Dodge favorable, one die.
    expect(cards.flCardOf(message)?.result?.defense).toMatchObject({ faces: [15] });
  });
});
