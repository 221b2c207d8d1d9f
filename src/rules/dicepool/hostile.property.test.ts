/**
 * The dice-pool rules against hostile input (issue 30): every function dicepool/index.ts exports
 * is driven with states in which one value anywhere is NaN, ±Infinity, −0, negative, 1e12, 2^53,
 * a built-in property name ("toString", "constructor", "__proto__") or some other absurd value,
 * and with states that are fine, up to the bounds. For every call:
 *
 * - it throws nothing and finishes within TIME_BOUND_MS;
 * - every number it hands back is finite;
 * - a refusal is a named reason (with a field and a value where one was bad);
 * - every state it hands back passes the check that guards it (a combatant, a turn's actions, a
 *   grapple's pool, options);
 * - every distribution holds probabilities in [0, 1] summing to 1, and every chance is in [0, 1].
 *
 * A function that takes checked input (`Checked<…>`: CheckedAttack, a checked combatant or
 * options) is only ever called with what its check passed: the check runs on the hostile value
 * first, and must refuse it by name or pass it. The last test lists the exports, so a new function
 * without a property here fails it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Checked } from "../core/checked.ts";
import type { Result } from "../core/result.ts";
import * as dp from "./index.ts";
import {
  attack,
  BUILT_IN_NAMES,
  checkedAttack,
  checkedCombatant,
  checkedOptions,
  combatant,
  count,
  dice,
  grip,
  hostile,
  HOSTILE,
  L,
  modifiers,
  options,
  outcome,
  passed,
  property,
  rating,
  rolls,
  seed,
  terms,
  turn,
  weapon,
} from "./hostile.support.ts";
import type { Shape } from "./hostile.support.ts";

// ---------------------------------------------------------------------------------------------
// Every export

const ENTRY_POINTS: Record<string, () => void> = {
  // checks
  checkDicepoolCombatant: () => {
    property(combatant, (c) => checkedCombatant(c));
  },
  checkDicepoolWeapon: () => {
    property(weapon, (w) => passed("w", dp.checkDicepoolWeapon("w", w)));
  },
  checkTurnActions: () => {
    property(turn, (t) => outcome("turn", () => dp.checkTurnActions(t)));
  },
  checkDicepoolOptions: () => {
    property(options, (o) => checkedOptions(o));
  },
  checkAttackTerms: () => {
    property(terms, (t) => passed("terms", dp.checkAttackTerms(t)));
  },
  checkAttackInput: () => {
    property(attack, (a) => checkedAttack(a));
  },
  checkString: () => {
    property(fc.constantFrom(...HOSTILE, "knife"), (v) => {
      const out = outcome("string", () => dp.checkString("id", v));
      expect(out === undefined).toBe(typeof v === "string");
    });
  },
  checkList: () => {
    property(fc.constantFrom(...HOSTILE, [1, 2], new Array(L.list + 1).fill(0)), (v) =>
      outcome("list", () => dp.checkList("list", v)),
    );
  },
  // factories: they clamp, so what they build passes its check
  makeDicepoolCombatant: () => {
    property(combatant, (c) => {
      const made = outcome("made", () => dp.makeDicepoolCombatant(c));
      expect(dp.checkDicepoolCombatant("made", made as dp.DicepoolCombatant).ok).toBe(true);
    });
  },
  makeDicepoolWeapon: () => {
    property(weapon, (w) => {
      const made = outcome("made", () => dp.makeDicepoolWeapon(w));
      expect(dp.checkDicepoolWeapon("made", made as dp.DicepoolWeapon).ok).toBe(true);
    });
  },
  withDicepoolOptions: () => {
    property(options, (o) => {
      const made = outcome("made", () => dp.withDicepoolOptions(o));
      expect(dp.checkDicepoolOptions(made as dp.DicepoolOptions).ok).toBe(true);
    });
  },
  // pools and odds
  checkDice: () => {
    property(fc.tuple(count, options), ([n, o]) => outcome("dice", () => dp.checkDice("d", n, o)));
  },
  buildPool: () => {
    property(
      fc.tuple(
        hostile(
          fc.record({ attribute: rating, skill: rating, woundPenalty: fc.nat(4), modifiers }),
        ),
        options,
      ),
      ([spec, o]) => outcome("pool", () => dp.buildPool(spec, o)),
    );
  },
  countHits: () => {
    property(
      fc.tuple(hostile(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 12 })), options),
      ([f, o]) => outcome("hits", () => dp.countHits(f, o)),
    );
  },
  scorePool: () => {
    property(
      fc.tuple(count, fc.constantFrom(...dp.POOL_MODES, "toString"), options, seed),
      ([n, m, o, s]) => outcome("score", () => dp.scorePool(n, m as dp.PoolMode, dice(s), o)),
    );
  },
  isHit: () => {
    property(count, (face) => {
      expect(typeof dp.isHit(face)).toBe("boolean");
    });
  },
  staticHits: () => {
    property(count, (n) => outcome("static", () => dp.staticHits(n)));
  },
  hitChancePerDie: () => {
    property(options, (o) => {
      const out = outcome("chance", () => dp.hitChancePerDie(o)) as Result<number>;
      if (out.ok) expect(out.value).toBeGreaterThanOrEqual(0);
      if (out.ok) expect(out.value).toBeLessThanOrEqual(1);
    });
  },
  hitsDistribution: () => {
    property(fc.tuple(count, options), ([n, o]) =>
      outcome("dist", () => dp.hitsDistribution(n, o)),
    );
  },
  scoreDistribution: () => {
    property(
      fc.tuple(count, fc.constantFrom(...dp.POOL_MODES, "__proto__"), options),
      ([n, m, o]) => outcome("dist", () => dp.scoreDistribution(n, m as dp.PoolMode, o)),
    );
  },
  chanceOfHits: () => {
    property(fc.tuple(count, count, options), ([n, k, o]) => {
      const out = outcome("chance", () => dp.chanceOfHits(n, k, o)) as Result<number>;
      if (out.ok) expect(out.value).toBeLessThanOrEqual(1 + 1e-12);
    });
  },
  netHitsDistribution: () => {
    property(fc.tuple(count, count, fc.constantFrom(...dp.POOL_MODES), options), ([a, d, m, o]) =>
      outcome("net", () => dp.netHitsDistribution(a, d, m, o)),
    );
  },
  // attacks (checked input)
  planAttack: () => {
    property(fc.tuple(attack, options), ([a, o]) => {
      const input = checkedAttack(a);
      if (input) outcome("plan", () => dp.planAttack(input, o));
    });
  },
  resolveAttack: () => {
    property(fc.tuple(attack, options, seed), ([a, o, s]) => {
      const input = checkedAttack(a);
      if (input) outcome("resolve", () => dp.resolveAttack(input, dice(s), o));
    });
  },
  resolvePlannedAttack: () => {
    property(fc.tuple(attack, options, seed), ([a, o, s]) => {
      const input = checkedAttack(a);
      const opts = checkedOptions(o);
      if (!input || !opts) return;
      const plan = dp.planAttack(input, opts);
      if (plan.ok)
        outcome("planned", () => dp.resolvePlannedAttack(input, plan.value, dice(s), opts));
    });
  },
  attackOdds: () => {
    property(fc.tuple(attack, options), ([a, o]) => {
      const input = checkedAttack(a);
      if (input) outcome("odds", () => dp.attackOdds(input, o));
    });
  },
  attackBetween: () => {
    property(fc.tuple(combatant, combatant, terms), ([a, d, t]) => {
      const [x, y] = [checkedCombatant(a), checkedCombatant(d)];
      const checkedTerms = passed("terms", dp.checkAttackTerms(t));
      if (!x || !y || !checkedTerms) return;
      const between = outcome("between", () => dp.attackBetween(x, y, checkedTerms));
      expect(dp.checkAttackInput(between as dp.AttackInput).ok).toBe(true);
    });
  },
  checkInitiativeIntent: () => {
    property(fc.tuple(attack, options), ([a, o]) => {
      const input = checkedAttack(a);
      if (input) outcome("intent", () => dp.checkInitiativeIntent(input, o));
    });
  },
  initiativeFlawless: () => {
    property(fc.tuple(attack, options), ([a, o]) => {
      const [input, opts] = [checkedAttack(a), checkedOptions(o)];
      if (input && opts) expect(typeof dp.initiativeFlawless(input, opts)).toBe("boolean");
    });
  },
  hasBlitz: () => {
    property(fc.tuple(combatant, options), ([c, o]) => {
      const [me, opts] = [checkedCombatant(c), checkedOptions(o)];
      if (me && opts) expect(typeof dp.hasBlitz(me, opts)).toBe("boolean");
    });
  },
  skill: () => {
    property(
      fc.tuple(combatant, fc.constantFrom(...dp.DICEPOOL_SKILLS, ...BUILT_IN_NAMES)),
      ([c, key]) => {
        const me = checkedCombatant(c);
        if (!me) return;
        const value = outcome("skill", () => dp.skill(me, key as dp.DicepoolSkill));
        expect(value).toBeGreaterThanOrEqual(0);
      },
    );
  },
  hitDamage: () => {
    property(fc.tuple(attack, count), ([a, net]) => {
      const input = checkedAttack(a);
      const plan = input ? dp.planAttack(input) : undefined;
      if (plan?.ok) outcome("damage", () => dp.hitDamage(net, plan.value));
    });
  },
  applyInitiativeOutcome: () => {
    property(
      fc.tuple(
        combatant,
        combatant,
        fc.constantFrom(...dp.ATTACK_INTENTS),
        fc.boolean(),
        count,
        options,
      ),
      ([a, d, intent, hit, moved, o]) => {
        const [x, y, opts] = [checkedCombatant(a), checkedCombatant(d), checkedOptions(o)];
        if (!x || !y || !opts) return;
        outcome("aftermath", () =>
          dp.applyInitiativeOutcome(
            intent,
            { attacker: x, defender: y, hit, initiativeMoved: moved },
            opts,
          ),
        );
      },
    );
  },
  // health
  takeDamage: () => {
    property(
      fc.tuple(combatant, count, fc.constantFrom(true, false, "yes"), options, seed),
      ([c, n, nl, o, s]) => {
        const me = checkedCombatant(c);
        if (me)
          outcome("damage", () => dp.takeDamage(me, n, { nonLethal: nl as boolean }, dice(s), o));
      },
    );
  },
  bleedOnTurn: () => {
    property(fc.tuple(combatant, options, seed), ([c, o, s]) => {
      const me = checkedCombatant(c);
      if (me) outcome("bleed", () => dp.bleedOnTurn(me, dice(s), o));
    });
  },
  bleeds: () => {
    property(combatant, (c) => {
      expect(typeof dp.bleeds(c)).toBe("boolean");
    });
  },
  stabilize: () => {
    property(fc.tuple(combatant, combatant, options), ([t, m, o]) =>
      outcome("stabilize", () => dp.stabilize(t, m, o)),
    );
  },
  healWeeks: () => {
    property(fc.tuple(combatant, count, options), ([c, n, o]) =>
      outcome("heal", () => dp.healWeeks(c, n, o)),
    );
  },
  healNonLethal: () => {
    property(fc.tuple(combatant, count, options), ([c, n, o]) =>
      outcome("heal", () => dp.healNonLethal(c, n * 10, o)),
    );
  },
  maxHealth: () => {
    property(fc.tuple(combatant, options), ([c, o]) => {
      const [me, opts] = [checkedCombatant(c), checkedOptions(o)];
      if (me && opts) outcome("max", () => dp.maxHealth(me, opts));
    });
  },
  remainingHealth: () => {
    property(fc.tuple(combatant, options), ([c, o]) => {
      const [me, opts] = [checkedCombatant(c), checkedOptions(o)];
      if (me && opts) outcome("left", () => dp.remainingHealth(me, opts));
    });
  },
  // grappling
  settleGrapple: () => {
    property(fc.tuple(fc.option(grip, { nil: null }), combatant, options), ([g, v, o]) =>
      outcome("settle", () => dp.settleGrapple(g, v, o)),
    );
  },
  addGrapplePoints: () => {
    property(
      fc.tuple(fc.array(grip, { maxLength: 3 }), combatant, combatant, count, options),
      ([h, a, v, n, o]) => outcome("add", () => dp.addGrapplePoints(h, a, v, n, o)),
    );
  },
  spendGrapplePool: () => {
    property(fc.tuple(grip, combatant, count, options), ([g, v, n, o]) =>
      outcome("spend", () => dp.spendGrapplePool(g, v, n, o)),
    );
  },
  drainGrapple: () => {
    property(fc.tuple(grip, combatant, count, options), ([g, v, n, o]) =>
      outcome("drain", () => dp.drainGrapple(g, v, n, o)),
    );
  },
  grappleUpkeep: () => {
    property(fc.tuple(grip, combatant, options), ([g, v, o]) =>
      outcome("upkeep", () => dp.grappleUpkeep(g, v, o)),
    );
  },
  escapeWithEnergy: () => {
    property(fc.tuple(grip, combatant, options), ([g, v, o]) =>
      outcome("escape", () => dp.escapeWithEnergy(g, v, o)),
    );
  },
  resistGrappleIncapacitation: () => {
    property(fc.tuple(grip, combatant, count, options), ([g, v, n, o]) =>
      outcome("resist", () => dp.resistGrappleIncapacitation(g, v, n, o)),
    );
  },
  applyRestraints: () => {
    property(fc.tuple(combatant, options), ([v, o]) =>
      outcome("restrain", () => dp.applyRestraints(v, o)),
    );
  },
  grappleLimit: () => {
    property(fc.tuple(combatant, options), ([c, o]) => {
      const [me, opts] = [checkedCombatant(c), checkedOptions(o)];
      if (me && opts) outcome("limit", () => dp.grappleLimit(me, opts));
    });
  },
  // actions
  actionType: () => {
    property(fc.constantFrom(...Object.keys(dp.ACTION_TABLE), ...BUILT_IN_NAMES), (a) =>
      outcome("type", () =>
        dp.actionType(a as dp.ActionName, { powerType: "toString" as dp.ActionType }),
      ),
    );
  },
  spendActionType: () => {
    property(
      fc.tuple(turn, fc.constantFrom(...dp.ACTION_TYPES, "toString"), fc.boolean(), options),
      ([t, type, own, o]) =>
        outcome("spend", () => dp.spendActionType(t, type as dp.ActionType, { ownTurn: own }, o)),
    );
  },
  takeAction: () => {
    property(
      fc.tuple(turn, fc.constantFrom(...Object.keys(dp.ACTION_TABLE), ...BUILT_IN_NAMES), options),
      ([t, a, o]) =>
        outcome("take", () => dp.takeAction(t, a as dp.ActionName, { ownTurn: true }, o)),
    );
  },
  takeBlitzMove: () => {
    property(fc.tuple(turn, fc.boolean(), options), ([t, own, o]) =>
      outcome("blitzMove", () => dp.takeBlitzMove(t, { ownTurn: own }, o)),
    );
  },
  turnOver: () => {
    property(fc.tuple(turn, options), ([t, o]) => {
      const opts = checkedOptions(o);
      if (opts) expect(typeof dp.turnOver(t, opts)).toBe("boolean");
    });
  },
  opportunityAttackOpen: () => {
    property(
      fc.record({
        kind: fc.constantFrom("leaveSpace", "rangedAttack", "other", "toString"),
        sameSpace: fc.boolean(),
        closeWeapon: fc.boolean(),
      }),
      (e) => {
        expect(typeof dp.opportunityAttackOpen(e as dp.OpportunityEvent)).toBe("boolean");
      },
    );
  },
  // movement
  planMove: () => {
    property(
      fc.tuple(
        combatant,
        hostile(
          fc.record({
            spaces: fc.nat(5),
            medium: fc.constantFrom(...dp.MEDIUMS),
            movesThisTurn: fc.nat(2),
            dragging: fc.record({ victimSize: fc.nat(3), grapplePool: fc.nat(6) }),
          }),
        ),
        options,
      ),
      ([c, r, o]) => outcome("move", () => dp.planMove(c, r, o)),
    );
  },
  moveSpeed: () => {
    property(fc.tuple(combatant, fc.constantFrom(...dp.MEDIUMS), options), ([c, m, o]) => {
      const [me, opts] = [checkedCombatant(c), checkedOptions(o)];
      if (me && opts)
        outcome("speed", () => dp.moveSpeed(me, m, { victimSize: 1, grapplePool: 2 }, opts));
    });
  },
  resolveRoughTerrain: () => {
    property(
      fc.tuple(combatant, fc.constantFrom("mobility", "pilot", "toString"), count, options, seed),
      ([c, via, n, o, s]) =>
        outcome("rough", () => dp.resolveRoughTerrain(c, via as "pilot", n, dice(s), o)),
    );
  },
  fallOnTurn: () => {
    property(
      fc.tuple(hostile(fc.record({ height: fc.nat(9), fallen: fc.nat(9) })), combatant, options),
      ([f, c, o]) => outcome("fall", () => dp.fallOnTurn(f, c, o)),
    );
  },
  fallDamage: () => {
    property(fc.tuple(count, combatant, options), ([n, c, o]) => {
      const [me, opts] = [checkedCombatant(c), checkedOptions(o)];
      if (me && opts) outcome("landing", () => dp.fallDamage(n, me, opts));
    });
  },
  spaceDistance: () => {
    property(
      fc.tuple(
        hostile(fc.record({ x: fc.integer(), y: fc.integer(), z: fc.integer() })),
        hostile(fc.record({ x: fc.nat(), y: fc.nat() })),
        options,
      ),
      ([a, b, o]) => outcome("distance", () => dp.spaceDistance(a, b, o)),
    );
  },
  escaped: () => {
    property(fc.tuple(count, options), ([d, o]) => {
      const opts = checkedOptions(o);
      if (opts) expect(typeof dp.escaped(d, opts)).toBe("boolean");
    });
  },
  // weapons and damage by hand: any flag, any amount, any combatant
  pickUpWeapon: () => {
    property(fc.tuple(combatant, hostile(fc.boolean())), ([c, up]) =>
      outcome("pick up", () => dp.pickUpWeapon(c, up)),
    );
  },
  readyWeapon: () => {
    property(fc.tuple(combatant, hostile(fc.boolean())), ([c, up]) =>
      outcome("ready", () => dp.readyWeapon(c, up)),
    );
  },
  damageByHand: () => {
    property(fc.tuple(combatant, count, count, options), ([c, d, n, o]) =>
      outcome("by hand", () => dp.damageByHand(c, d, n, o)),
    );
  },
  // initiative
  initiativePool: () => {
    property(fc.tuple(combatant, options), ([c, o]) =>
      outcome("pool", () => dp.initiativePool(c, o)),
    );
  },
  initiativeFromDice: () => {
    property(
      fc.tuple(
        fc.constantFrom("ana", "__proto__", 7),
        hostile(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 })),
        options,
      ),
      ([id, f, o]) => outcome("roll", () => dp.initiativeFromDice(id as string, f, true, o)),
    );
  },
  dicepoolInitiative: () => {
    property(fc.tuple(rolls, fc.constantFrom(...dp.DICEPOOL_TIE_RULES, "toString")), ([r, tie]) =>
      outcome("order", () => dp.dicepoolInitiative(r, tie as dp.DicepoolTieRule)),
    );
  },
  dicepoolJoin: () => {
    property(fc.tuple(rolls, rolls), ([first, later]) => {
      const settled = dp.dicepoolInitiative(first);
      const [newcomer] = later;
      if (settled.ok && newcomer !== undefined) {
        outcome("join", () => dp.dicepoolJoin(settled.order, newcomer));
      }
    });
  },
  dicepoolRoundPlan: () => {
    property(rolls, (r) => {
      const settled = dp.dicepoolInitiative(r);
      if (settled.ok) outcome("plan", () => dp.dicepoolRoundPlan(settled.order, 1));
    });
  },
  // outcomes as changes: they copy states the rules handed back (checked)
  diffDicepool: () => {
    property(fc.tuple(combatant, combatant), ([a, b]) => {
      const [x, y] = [checkedCombatant(a), checkedCombatant(b)];
      if (x && y) outcome("diff", () => dp.diffDicepool(x, y));
    });
  },
  diffAllDicepool: () => {
    property(fc.tuple(combatant, combatant), ([a, b]) => {
      const [x, y] = [checkedCombatant(a), checkedCombatant(b)];
      if (x && y)
        outcome("diffs", () =>
          dp.diffAllDicepool([
            [x, y],
            [y, x],
          ]),
        );
    });
  },
};

describe("every dice-pool export holds against hostile input", () => {
  for (const [name, run] of Object.entries(ENTRY_POINTS)) it(name, run);
});

describe("the largest accepted input answers in time", () => {
  it("the exact odds of the largest pools the bounds accept", () => {
    const top = dp.withDicepoolOptions({ maxPool: L.pool });
    const net = outcome("largest net hits", () =>
      dp.netHitsDistribution(L.pool, L.pool, "rolled", top),
    );
    expect((net as Shape).ok).toBe(true);
    const hero = dp.makeDicepoolCombatant({
      id: "hero",
      physical: L.rating,
      skills: { closeCombat: L.rating, mobility: L.rating },
    });
    const largest = (extra: number) =>
      checkedAttack({
        attacker: hero,
        defender: hero,
        weapon: dp.makeDicepoolWeapon({ id: "w", damage: L.rating }),
        intent: "damage",
        defense: "dodge",
        situation: {
          attackModifiers: [{ source: "gm", value: L.pool - 2 * L.rating + extra }],
          defenseModifiers: [{ source: "gm", value: L.pool - 2 * L.rating }],
        },
      });
    const accepted = largest(0);
    if (!accepted) throw new Error("the largest attack was refused");
    const odds = outcome("largest attack odds", () => dp.attackOdds(accepted, top));
    expect(odds).toMatchObject({ ok: true, value: { plan: { attackPool: { dice: L.pool } } } });
    // One die more is refused by name, not computed.
    const over = largest(1);
    if (!over) throw new Error("one die more is still a valid attack, refused by its pool");
    expect(dp.attackOdds(over, top)).toMatchObject({ ok: false, reason: "pool-too-large" });
  });
});

describe("the suite covers the rules", () => {
  it("has a property for every function dicepool/index.ts exports", () => {
    const exported = Object.entries(dp)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name);
    expect(exported.filter((name) => !(name in ENTRY_POINTS))).toEqual([]);
    expect(Object.keys(ENTRY_POINTS).filter((name) => !exported.includes(name))).toEqual([]);
  });

  it("the defaults pass their own check", () => {
    expect(dp.checkDicepoolOptions(dp.DEFAULT_DICEPOOL_OPTIONS).ok).toBe(true);
    const checked: Checked<dp.DicepoolOptions> = dp.DEFAULT_DICEPOOL_OPTIONS;
    expect(Object.isFrozen(checked)).toBe(true);
  });
});
