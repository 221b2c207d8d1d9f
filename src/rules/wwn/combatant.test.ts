import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActionState } from "./actions.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import {
  changed,
  changedActions,
  changedWeapon,
  copyActions,
  copyOf,
  copyWeapon,
} from "./combatant.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";

/** An action state with every field set away from its fresh value (tsc asks for a new field). */
const busy: Required<ActionState> = {
  mainUsed: true,
  mainAsMove: true,
  movesUsed: 2,
  moveFeet: 15,
  moveLimit: 30,
  moveOpen: true,
  moveSplit: true,
  onTurn: 1,
  instants: 3,
  holding: true,
  delayingFor: "b",
  totalDefense: true,
  shockProof: true,
  charged: true,
  withdrawn: true,
  screening: { allyId: "c", blocksLeft: 1 },
};

/** A combatant with every field of the model set: a new field must be added here (tsc says so). */
const full: Required<WwnCombatant> = {
  id: "a",
  name: "A",
  teamId: "t",
  isPC: true,
  named: true,
  life: "unconscious",
  hp: { value: 3, max: 12 },
  wounds: 1,
  ac: 15,
  attackBonus: 2,
  hitBonus: 3,
  attributes: { str: 1, dex: -1 },
  skills: { stab: 1 },
  saves: { physical: 13, evasion: 14, mental: 15 },
  speed: 30,
  prone: true,
  grappling: "b",
  shield: { id: "s", magical: false, broken: false },
  shockImmune: true,
  downMinutes: 10,
  actions: busy,
};

/** A weapon with every field of the model set (tsc asks for a new one). */
const fullWeapon: Required<WwnWeapon> = {
  id: "w",
  name: "W",
  skill: "shoot",
  attributes: ["dex"],
  damage: "1d8+1",
  shock: { damage: 2, ac: 13 },
  magicBonus: 1,
  mode: "ranged",
  throwable: true,
  twoHandedRanged: true,
  unarmed: false,
  lethalUnarmed: false,
  crushing: true,
  nonLethal: false,
  reload: "slow",
  loaded: false,
  ammo: { value: 4, max: 20 },
  readied: true,
};

describe("WWN copies: fields copied one by one, as the spread would", () => {
  it("copies every field of a combatant, an action state and a weapon", () => {
    expect(copyOf(full)).not.toBe(full);
    expect(copyOf(full)).toStrictEqual(full);
    expect(changed(full, { prone: false })).toStrictEqual({ ...full, prone: false });
    expect(copyActions(busy)).not.toBe(busy);
    expect(copyActions(busy)).toStrictEqual(busy);
    expect(changedActions(busy, { onTurn: 2 })).toStrictEqual({ ...busy, onTurn: 2 });
    expect(copyWeapon(fullWeapon)).not.toBe(fullWeapon);
    expect(copyWeapon(fullWeapon)).toStrictEqual(fullWeapon);
    expect(changedWeapon(fullWeapon, { loaded: true })).toStrictEqual({
      ...fullWeapon,
      loaded: true,
    });
  });

  it("changed equals { ...actor, ...patch } and leaves the actor as it was", () => {
    const optional = fc.record(
      { named: fc.boolean(), shockImmune: fc.boolean(), downMinutes: fc.nat() },
      { requiredKeys: [] },
    );
    const patch = fc.record(
      {
        life: fc.constantFrom("active", "dying", "unconscious", "dead"),
        hp: fc.record({ value: fc.integer(), max: fc.integer() }),
        prone: fc.boolean(),
        grappling: fc.option(fc.string(), { nil: null }),
        downMinutes: fc.option(fc.nat(), { nil: undefined }),
        actions: fc.constantFrom(FRESH_ACTIONS, busy),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(optional, patch, (extra, p) => {
        const actor: WwnCombatant = { ...makeWwnCombatant({ id: "x" }), ...extra };
        const before = structuredClone(actor);
        expect(changed(actor, p as Partial<WwnCombatant>)).toStrictEqual({ ...actor, ...p });
        expect(actor).toStrictEqual(before);
      }),
    );
  });

  it("changedWeapon equals { ...weapon, ...patch } and leaves the weapon as it was", () => {
    const optional = fc.record(
      {
        magicBonus: fc.integer(),
        throwable: fc.boolean(),
        reload: fc.constantFrom("bow" as const, "slow" as const),
        // A plain object, as the shell hands over (fast-check's records have no prototype).
        ammo: fc.record({ value: fc.nat(), max: fc.nat() }).map((ammo) => ({ ...ammo })),
      },
      { requiredKeys: [] },
    );
    const patch = fc.record(
      {
        loaded: fc.option(fc.boolean(), { nil: undefined }),
        readied: fc.boolean(),
        ammo: fc.record({ value: fc.nat(), max: fc.nat() }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(optional, patch, (extra, p) => {
        const weapon: WwnWeapon = { ...makeWwnWeapon({ id: "w" }), ...extra };
        const before = structuredClone(weapon);
        expect(changedWeapon(weapon, p as Partial<WwnWeapon>)).toStrictEqual({ ...weapon, ...p });
        expect(weapon).toStrictEqual(before);
      }),
    );
  });
});
