/**
 * What the WWN shell tests drive, in one place: the sheet's actions (attack, maneuvers on the
 * actor itself and at another), a card's buttons through the card protocol, and what a user sees
 * of a fight: the round of actions and the grapples as the referee recorded them (the ledger the
 * tracker and the sheet read). Import after Fray's init has run.
 */
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";

export async function wwnShell() {
  const declare = await import("../../src/foundry/rulesets/wwn/attack/declare.ts");
  const self = await import("../../src/foundry/rulesets/wwn/table/self.ts");
  const swarm = await import("../../src/foundry/rulesets/wwn/table/swarm.ts");
  const maneuvers = await import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");
  const cards = await import("../../src/foundry/rulesets/wwn/cards/attack-card.ts");
  const budget = await import("../../src/foundry/rulesets/wwn/budget.ts");
  const protocol = await import("../../src/foundry/cards/protocol.ts");
  return {
    ...self,
    wwnAttack: declare.wwnAttack,
    wwnSwarmAgainst: swarm.wwnSwarmAgainst,
    declareWwnManeuver: maneuvers.declareWwnManeuver,
    wwnCardOf: cards.wwnCardOf,
    protocol,
    /** Presses a card's button, as the current user's client does. */
    press: (message: ChatMessage.Implementation, step: string) => protocol.pressCard(message, step),
    /** The actor's round of actions, as the sheet and the tracker show it. */
    round: (actor: Actor.Implementation) => budget.fighterOf(actor).actions,
    /** The rules id of the captive the actor holds, as the referee recorded it. */
    grappling: (actor: Actor.Implementation) => budget.fighterOf(actor).grappling,
  };
}

export type WwnShell = Awaited<ReturnType<typeof wwnShell>>;

/** One scene the tests' actors stand on (their tokens linked to them). */
export function wwnScene(fake: FakeFoundry) {
  const tokens = installTokenFakes(fake);
  const scene = tokens.scene();
  return {
    /** Puts a token of each actor on the scene. */
    place: (...actors: readonly { id: string | null }[]) => {
      tokens.place(scene, ...actors);
    },
  };
}
