import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import type { Result } from "../core/result.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { checkAndResolve } from "./checked.support.ts";
import { FIELD_PATHS, ITEM_FIELD_PATHS } from "./changes.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import {
  delay,
  dropItem,
  escapeGrapple,
  executionAttack,
  fightingWithdrawal,
  goProne,
  grapple,
  grappleRoundEnd,
  hold,
  joinSwarm,
  leavingMeleeProvokes,
  moveGrappled,
  moveRate,
  pickUp,
  readyOrStow,
  reload,
  resolveScreen,
  run,
  screenAlly,
  shatterShield,
  shove,
  standUp,
  swarmAllies,
  totalDefense,
} from "./maneuvers.ts";
import type { ExecutionInput } from "./maneuvers.ts";

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value;
}

const sword = makeWwnWeapon({ id: "sword", damage: "1d8", shock: { damage: 2, ac: 15 } });
const axe = makeWwnWeapon({ id: "axe", damage: "1d6", crushing: true });
const fists = makeWwnWeapon({
  id: "fists",
  skill: "punch",
  damage: "1d2",
  unarmed: true,
  nonLethal: true,
});
const bow = makeWwnWeapon({
  id: "bow",
  skill: "shoot",
  attributes: ["dex"],
  damage: "1d6",
  mode: "ranged",
  twoHandedRanged: true,
  reload: "bow",
  loaded: false,
});

// Hero: Str +1, Dex +2, Stab-1, Shoot-0, no Punch or Exert (−1 on those checks).
const hero = makeWwnCombatant({
  id: "hero",
  teamId: "party",
  isPC: true,
  attributes: { str: 1, dex: 2 },
  skills: { stab: 1, shoot: 0 },
  hp: 12,
});
// Bandit: no modifiers, no skills, AC 10.
const bandit = makeWwnCombatant({ id: "bandit", teamId: "bandits", hp: 8 });

describe("Shove", () => {
  it("hits for no damage, then opposed Str/Punch-or-Exert: a win knocks prone or pushes 10 ft", () => {
    // d20 15 hits; hero 4+4 +1 −1 = 8 beats bandit 3+3 −1 = 5.
    const out = value(
      shove(
        { attacker: hero, defender: bandit, weapon: sword, effect: "prone" },
        fixedDice([15, 4, 4, 3, 3]),
      ),
    );
    expect(out.hit.hit).toBe(true);
    expect(out.check?.actor.total).toBe(8);
    expect(out.check?.defender.total).toBe(5);
    expect(out.defender).toMatchObject({ prone: true, hp: { value: 8 } });
    expect(out.attacker.actions.mainUsed).toBe(true);
    const push = value(
      shove(
        { attacker: hero, defender: bandit, weapon: sword, effect: "push" },
        fixedDice([15, 4, 4, 3, 3]),
      ),
    );
    expect(push.pushedFeet).toBe(10);
    expect(push.defender.prone).toBe(false);
  });

  it("a tie keeps the target where it is; a miss rolls no check; bigger targets are harder", () => {
    const tie = value(
      shove(
        { attacker: hero, defender: bandit, weapon: sword, effect: "prone" },
        fixedDice([15, 4, 4, 4, 5]),
      ),
    );
    expect(tie.success).toBe(false);
    const miss = value(
      shove({ attacker: hero, defender: bandit, weapon: sword, effect: "prone" }, fixedDice([2])),
    );
    expect(miss.check).toBeUndefined();
    expect(miss.defender.hp.value).toBe(8);
    const ogre = value(
      shove(
        { attacker: hero, defender: bandit, weapon: sword, effect: "prone", size: "large" },
        fixedDice([15, 4, 4, 3, 3]),
      ),
    );
    expect(ogre.check?.actor.total).toBe(6);
  });
});

describe("Grapple", () => {
  const held = { ...hero, grappling: "bandit" };

  it("needs an unarmed hit, then opposed Str/Punch; the winner holds the target", () => {
    expect(grapple({ attacker: hero, defender: bandit, weapon: sword }, fixedDice([15]))).toEqual({
      ok: false,
      reason: "needsUnarmed",
    });
    const out = value(
      grapple({ attacker: hero, defender: bandit, weapon: fists }, fixedDice([15, 5, 5, 2, 2])),
    );
    expect(out.success).toBe(true);
    expect(out.attacker.grappling).toBe("bandit");
    expect(out.updates[0]?.changes[FIELD_PATHS.grappling]).toBe("bandit");
    expect(out.defender.hp.value).toBe(8);
    expect(grapple({ attacker: held, defender: bandit, weapon: fists }, fixedDice([15]))).toEqual({
      ok: false,
      reason: "alreadyGrappling",
    });
  });

  it("while grappling: unarmed attacks only, no moving", () => {
    expect(
      checkAndResolve({ attacker: held, defender: bandit, weapon: sword }, fixedDice([15, 1])),
    ).toEqual({ ok: false, reason: "onlyUnarmedWhileGrappling" });
    expect(
      checkAndResolve(
        { attacker: bandit, defender: hero, weapon: sword, situation: { grappled: true } },
        fixedDice([15, 1]),
      ),
    ).toEqual({ ok: false, reason: "onlyUnarmedWhileGrappling" });
    expect(run(held, 10)).toEqual({ ok: false, reason: "grappled" });
    expect(run(bandit, 10, { grappled: true })).toEqual({ ok: false, reason: "grappled" });
  });

  it("at the round's end the captive takes an unarmed hit from every grappler", () => {
    const brute = makeWwnCombatant({ id: "brute", attributes: { str: 2 }, grappling: "bandit" });
    const out = value(
      grappleRoundEnd(
        bandit,
        [
          { grappler: held, unarmed: fists },
          { grappler: brute, unarmed: fists },
        ],
        fixedDice([2, 1]),
      ),
    );
    expect(out.damage).toEqual([
      { grapplerId: "hero", faces: [2], dealt: 3 },
      { grapplerId: "brute", faces: [1], dealt: 3 },
    ]);
    expect(out.defender.hp.value).toBe(2);
    expect(out.updates).toEqual([{ actorId: "bandit", changes: { [FIELD_PATHS.hp]: 2 } }]);
  });

  it("refuses a die face its die lacks, and a NaN grappler, by name: the captive is unhurt", () => {
    // Fists roll 1d2: a 3 (from a dice source handed in from outside) is no face of it.
    const three = { roll: () => 3 };
    expect(grappleRoundEnd(bandit, [{ grappler: held, unarmed: fists }], three)).toEqual({
      ok: false,
      reason: "out-of-range",
      detail: { field: "dice.0", value: 3, min: 1, max: 2 },
    });
    const nan = { ...held, attributes: { str: Number.NaN } };
    expect(
      grappleRoundEnd(bandit, [{ grappler: nan, unarmed: fists }], fixedDice([2])),
    ).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "grapplers.0.grappler.attributes.str" },
    });
  });

  it("escaping: a Main Action and one check against every grappler; it frees from those it beats", () => {
    const brute = makeWwnCombatant({ id: "brute", attributes: { str: 2 }, grappling: "bandit" });
    // Bandit 5+5 −1 = 9; hero 2+2 +1 −1 = 4 (beaten), brute 4+4 +2 −1 = 9 (a tie holds).
    const out = value(escapeGrapple(bandit, [held, brute], fixedDice([5, 5, 2, 2, 4, 4])));
    expect(out.against.map((a) => a.freed)).toEqual([true, false]);
    expect(out.free).toBe(false);
    expect(out.grapplers.map((g) => g.grappling)).toEqual([null, "bandit"]);
    expect(out.defender.actions.mainUsed).toBe(true);
    expect(escapeGrapple(bandit, [hero], fixedDice([]))).toEqual({
      ok: false,
      reason: "notGrappled",
    });
  });

  it("moving the captive: win drags 10 ft or throws 5 ft and prone; losing lets it go", () => {
    const thrown = value(moveGrappled(held, bandit, "throw", fixedDice([6, 6, 1, 1])));
    expect(thrown).toMatchObject({ success: true, feet: 5 });
    expect(thrown.defender.prone).toBe(true);
    const dragged = value(moveGrappled(held, bandit, "drag", fixedDice([6, 6, 1, 1])));
    expect(dragged).toMatchObject({ feet: 10 });
    expect(dragged.attacker.grappling).toBe("bandit");
    const lost = value(moveGrappled(held, bandit, "drag", fixedDice([1, 1, 6, 6])));
    expect(lost.attacker.grappling).toBeNull();
  });
});

describe("Shatter a Shield", () => {
  const shielded = { ...bandit, shield: { id: "buckler", magical: false, broken: false } };

  it("needs a crushing weapon, a hit, then Str/Stab against the defender's +1", () => {
    // Hero 4+4 +1 +1 = 10 against bandit 4+4 +0 −1 +1 = 8: broken.
    const out = value(
      shatterShield(
        { attacker: hero, defender: shielded, weapon: axe },
        fixedDice([15, 4, 4, 4, 4]),
      ),
    );
    expect(out.success).toBe(true);
    expect(out.defender.hp.value).toBe(8);
    expect(out.updates).toContainEqual({
      actorId: "bandit",
      itemId: "buckler",
      changes: { [ITEM_FIELD_PATHS.shieldBroken]: true },
    });
    // 8 against 3+4 −1 +1 = 7 wins; against 4+4 −1 +1 = 8 the +1 makes it a tie, which holds.
    expect(
      value(
        shatterShield(
          { attacker: hero, defender: shielded, weapon: axe },
          fixedDice([15, 3, 3, 3, 4]),
        ),
      ).success,
    ).toBe(true);
    expect(
      value(
        shatterShield(
          { attacker: hero, defender: shielded, weapon: axe },
          fixedDice([15, 3, 3, 4, 4]),
        ),
      ).success,
    ).toBe(false);
  });

  it("refuses a blade, a bare arm, a magic shield", () => {
    const input = { attacker: hero, defender: shielded, weapon: axe };
    expect(shatterShield({ ...input, weapon: sword }, fixedDice([]))).toMatchObject({
      reason: "cannotShatter",
    });
    expect(shatterShield({ ...input, defender: bandit }, fixedDice([]))).toMatchObject({
      reason: "noShield",
    });
    const magic = { ...bandit, shield: { id: "aegis", magical: true, broken: false } };
    expect(shatterShield({ ...input, defender: magic }, fixedDice([]))).toMatchObject({
      reason: "magicalShield",
    });
  });
});

describe("Screen an Ally", () => {
  const knight = makeWwnCombatant({
    id: "knight",
    teamId: "party",
    isPC: true,
    attributes: { str: 2 },
    skills: { stab: 2 },
  });

  it("is a Move action that blocks as many attackers as the combat skill; level 0 cannot", () => {
    const out = value(screenAlly(knight, "wizard", 20));
    expect(out.actor.actions.screening).toEqual({ allyId: "wizard", blocksLeft: 2 });
    expect(out.actor.actions.movesUsed).toBe(1);
    expect(screenAlly({ ...knight, skills: { stab: 0 } }, "wizard", 0)).toEqual({
      ok: false,
      reason: "skillTooLow",
    });
  });

  it("turns the attack to the lowest-rolling screener who beat the attacker", () => {
    const a = value(screenAlly(hero, "wizard", 0)).actor;
    const b = value(screenAlly(knight, "wizard", 0)).actor;
    // Bandit 6+6 −1 = 11; hero 5+5 +2 +1 = 13, knight 6+5 +2 +2 = 15: both block, the hero is lower.
    const out = value(
      resolveScreen(bandit, sword, "wizard", [a, b], fixedDice([6, 6, 5, 5, 6, 5])),
    );
    expect(out.blockers.map((x) => x.blocked)).toEqual([true, true]);
    expect(out.targetId).toBe("hero");
    expect(out.screeners.map((s) => s.actions.screening?.blocksLeft)).toEqual([0, 1]);
    // The hero has no block left: only the knight stands in the way now, and loses.
    const next = value(
      resolveScreen(bandit, sword, "wizard", out.screeners, fixedDice([6, 6, 1, 1])),
    );
    expect(next.blockers.map((x) => x.id)).toEqual(["knight"]);
    expect(next.targetId).toBe("wizard");
  });

  it("refuses a screener with a negative block count by name", () => {
    const a = value(screenAlly(hero, "wizard", 0)).actor;
    const bad = {
      ...a,
      actions: { ...a.actions, screening: { allyId: "wizard", blocksLeft: -1 } },
    };
    expect(resolveScreen(bandit, sword, "wizard", [bad], fixedDice([6, 6, 1, 1]))).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "screeners.0.actions.screening.blocksLeft" },
    });
  });

  it("lasts until the screener's next turn", () => {
    const a = value(screenAlly(hero, "wizard", 0)).actor;
    const out = value(
      resolveScreen(bandit, sword, "wizard", [{ ...a, actions: FRESH_ACTIONS }], fixedDice([])),
    );
    expect(out.targetId).toBe("wizard");
  });
});

describe("Execution Attack", () => {
  const victim = { ...bandit, hp: { value: 20, max: 20 } };
  const base: ExecutionInput = {
    attacker: hero,
    defender: victim,
    weapon: sword,
    prepared: true,
    targetUnaware: true,
    range: "melee",
  };

  it("in melee always hits; a failed Physical save (at minus the combat skill) kills", () => {
    // Save 15; d20 15 − Stab 1 = 14: fails.
    const out = value(executionAttack(base, fixedDice([15])));
    expect(out).toMatchObject({ hit: true, result: "killed" });
    expect(out.save).toMatchObject({ natural: 15, modifier: -1, success: false });
    expect(out.defender.life).toBe("dead");
  });

  it("a made save still takes the weapon's maximum damage and a Wound", () => {
    const out = value(executionAttack(base, fixedDice([16])));
    expect(out.result).toBe("survived");
    expect(out.dealt).toBe(8 + 1);
    expect(out.defender).toMatchObject({ hp: { value: 11 }, wounds: 1 });
    expect(out.updates[1]?.changes).toMatchObject({ [FIELD_PATHS.wounds]: 1 });
  });

  it("a shot needs Dex/Shoot against 6, 8 or 10 by range", () => {
    const loaded = { ...bow, loaded: true };
    const shot = { ...base, weapon: loaded, range: "pointBlank" as const };
    // Dex 2 + Shoot 0 + 2+2 = 6: enough point-blank, not at extreme range.
    expect(value(executionAttack(shot, fixedDice([2, 2, 1]))).hit).toBe(true);
    const far = value(executionAttack({ ...shot, range: "extreme" }, fixedDice([2, 2])));
    expect(far).toMatchObject({ hit: false, result: "missed" });
    expect(far.shot?.difficulty).toBe(10);
    expect(far.weapon.loaded).toBe(false);
  });

  it("kills a target that is already down outright; knocks out with a non-lethal weapon", () => {
    const down = { ...victim, life: "unconscious" as const };
    expect(value(executionAttack({ ...base, defender: down }, fixedDice([]))).result).toBe(
      "killed",
    );
    const club = makeWwnWeapon({ id: "club", nonLethal: true });
    const out = value(
      executionAttack({ ...base, weapon: club, harm: "nonLethal" }, fixedDice([1])),
    );
    expect(out.result).toBe("knockedOut");
    expect(out.defender.life).toBe("unconscious");
  });

  it("needs the preparation, an unaware target, and a weapon (unless trained to kill barehanded)", () => {
    expect(executionAttack({ ...base, prepared: false }, fixedDice([]))).toMatchObject({
      reason: "notPrepared",
    });
    expect(executionAttack({ ...base, targetUnaware: false }, fixedDice([]))).toMatchObject({
      reason: "targetAware",
    });
    expect(executionAttack({ ...base, weapon: fists }, fixedDice([]))).toMatchObject({
      reason: "needsWeapon",
    });
    expect(
      executionAttack({ ...base, weapon: { ...fists, lethalUnarmed: true } }, fixedDice([20])).ok,
    ).toBe(true);
  });
});

describe("Total Defense, Fighting Withdrawal, Hold, Delay", () => {
  it("Total Defense spends the pending Main as an Instant: +2 AC and no Shock", () => {
    const out = value(totalDefense(bandit));
    expect(out.actor.actions).toMatchObject({
      mainUsed: true,
      totalDefense: true,
      shockProof: true,
    });
    const struck = value(
      checkAndResolve({ attacker: hero, defender: out.actor, weapon: sword }, fixedDice([1])),
    );
    expect(struck.dealt).toBe(0);
    expect(totalDefense(out.actor)).toEqual({ ok: false, reason: "noMainAction" });
  });

  it("Fighting Withdrawal: a Main Action in melee; leaving then provokes no free attack", () => {
    expect(leavingMeleeProvokes(hero)).toEqual({ ok: true, value: true });
    const out = value(fightingWithdrawal(hero, true));
    expect(leavingMeleeProvokes(out.actor)).toEqual({ ok: true, value: false });
    expect(fightingWithdrawal(hero, false)).toEqual({ ok: false, reason: "notInMelee" });
    // The free attack itself costs the foe nothing.
    const spent = { ...bandit, actions: { ...FRESH_ACTIONS, mainUsed: true, movesUsed: 1 } };
    const free = checkAndResolve(
      {
        attacker: spent,
        defender: hero,
        weapon: sword,
        situation: { kind: { kind: "free" } },
        turn: { ownTurn: false },
      },
      fixedDice([1]),
    );
    expect(free.ok).toBe(true);
  });

  it("Hold and Delay wrap the action economy", () => {
    expect(value(hold(hero)).actor.actions.holding).toBe(true);
    expect(value(delay(hero, "orc")).actor.actions.delayingFor).toBe("orc");
  });
});

describe("Run, Stand Up, Go Prone", () => {
  it("runs at the move rate: halved on hard ground, halved again prone", () => {
    expect(value(moveRate(hero))).toBe(30);
    expect(value(moveRate(hero, "hard"))).toBe(15);
    expect(value(moveRate({ ...hero, prone: true }))).toBe(15);
    expect(value(moveRate({ ...hero, prone: true }, "hard"))).toBe(7);
    expect(value(run(hero, 30)).actor.actions.moveFeet).toBe(30);
    expect(run({ ...hero, prone: true }, 20)).toMatchObject({ ok: false, reason: "tooFar" });
  });

  it("Go Prone is On Turn; Stand Up is a Move action", () => {
    const down = value(goProne(hero)).actor;
    expect(down.prone).toBe(true);
    expect(down.actions.onTurn).toBe(1);
    expect(goProne(down)).toEqual({ ok: false, reason: "alreadyProne" });
    expect(goProne(hero, { ownTurn: false })).toEqual({ ok: false, reason: "notYourTurn" });
    const up = value(standUp(down));
    expect(up.actor).toMatchObject({ prone: false, actions: { movesUsed: 1 } });
    expect(up.updates[0]?.changes[FIELD_PATHS.prone]).toBe(false);
    expect(standUp(hero)).toEqual({ ok: false, reason: "notProne" });
  });
});

describe("Items: ready, stow, drop, pick up, reload", () => {
  it("Ready or Stow is a Main Action; Drop an Instant; Pick Up a Move action", () => {
    const stowed = value(readyOrStow(hero, sword, false));
    expect(stowed.weapon.readied).toBe(false);
    expect(stowed.actor.actions.mainUsed).toBe(true);
    expect(stowed.updates).toContainEqual({
      actorId: "hero",
      itemId: "sword",
      changes: { [ITEM_FIELD_PATHS.readied]: false },
    });
    expect(readyOrStow(hero, sword, true)).toEqual({ ok: false, reason: "alreadyThatWay" });
    expect(value(dropItem(hero, sword)).actor.actions.instants).toBe(1);
    expect(value(pickUp(hero, stowed.weapon)).actor.actions.movesUsed).toBe(1);
  });

  it("reloads a bow On Turn with Shoot-1, as a Move without; a crossbow takes the Main", () => {
    const archer = { ...hero, skills: { shoot: 1 } };
    expect(value(reload(archer, bow, true)).cost).toBe("onTurn");
    expect(value(reload(hero, bow, true)).cost).toBe("move");
    const crossbow = { ...bow, reload: "slow" as const };
    const out = value(reload(hero, crossbow, true));
    expect(out.cost).toBe("main");
    expect(out.weapon.loaded).toBe(true);
    expect(reload(hero, bow, false)).toEqual({ ok: false, reason: "noReadiedAmmo" });
    expect(reload(hero, out.weapon, true)).toEqual({ ok: false, reason: "alreadyLoaded" });
    expect(reload(hero, sword, true)).toEqual({ ok: false, reason: "notReloadable" });
  });
});

describe("Swarm", () => {
  it("takes up to four joiners, each spending its Main; the striker counts the others still up", () => {
    let swarm = { targetId: "hero", members: [] as string[] };
    for (const id of ["a", "b", "c", "d"]) {
      const joined = value(joinSwarm(swarm, makeWwnCombatant({ id })));
      expect(joined.actor.actions.mainUsed).toBe(true);
      swarm = { ...joined.swarm, members: [...joined.swarm.members] };
    }
    expect(joinSwarm(swarm, makeWwnCombatant({ id: "e" }))).toEqual({
      ok: false,
      reason: "swarmFull",
    });
    expect(joinSwarm({ targetId: "hero", members: ["a"] }, makeWwnCombatant({ id: "a" }))).toEqual({
      ok: false,
      reason: "alreadyInSwarm",
    });
    expect(swarmAllies(swarm, "d", (id) => id !== "b")).toBe(2);
  });
});
