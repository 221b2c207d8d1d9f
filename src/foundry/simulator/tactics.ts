/**
 * The GM's set-up of a simulation: each fighter's simple tactic (how it picks a target, whether it
 * defends, what it keeps in reserve), the number of fights and the seed.
 *
 * The tactics are kept on the Combat (`flags.fray.simTactics`, by combatant id, written by the GM
 * in one update when they change) so that re-opening the window, from this browser or another
 * GM's, plays the same tactics, and they go away with the combat. They are read back through
 * `storedTactics`, which checks every entry: a bad stored value falls back to the ruleset's
 * default tactic.
 *
 * `readSetup` turns the form's raw values into a choice, or a localized message for the first bad
 * one (nothing runs then); the numbers are checked with the rules' own guard.
 */
import { checkNumber } from "../../rules/core/guard.ts";
import { MAX_FIGHTS } from "../../rules/sim/simulate.ts";
import type { SimAdapterInfo } from "../../rules/sim/simulate.ts";
import { TARGET_RULES } from "../../rules/sim/types.ts";
import type { SimTactic, TargetRule } from "../../rules/sim/types.ts";
import { SYSTEM_ID } from "../constants.ts";
import type { CombatLike } from "../combat/state.ts";

/** Where the tactics live on the Combat. */
export const TACTICS_FLAG = "simTactics";

/** One fighter of the set-up: its combatant, the name shown, its team. */
export interface SetupFighter {
  readonly combatantId: string;
  readonly name: string;
  readonly teamId: string;
}

/** The form as the GM left it: raw values, so a bad one is shown back as typed. */
export interface SetupDraft {
  readonly tactics: Readonly<Record<string, RawTactic>>;
  readonly fights: string;
  readonly seed: string;
}

export interface RawTactic {
  readonly target: string;
  readonly defend: boolean;
  readonly reserve: string;
}

/** A checked set-up: what the run plays. */
export interface SetupChoice {
  readonly tactics: Readonly<Record<string, SimTactic>>;
  readonly fights: number;
  readonly seed: string;
}

/** Why a set-up cannot run: a FRAY.Simulator.Form.* key and its data. */
export interface SetupError {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

const isTarget = (value: unknown): value is TargetRule =>
  typeof value === "string" && (TARGET_RULES as readonly string[]).includes(value);

/** A stored tactic if every field of it is sound for this ruleset, else undefined. */
function soundTactic(value: unknown, info: SimAdapterInfo): SimTactic | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const t = value as Record<string, unknown>;
  const reserve = t["reserve"];
  if (!isTarget(t["target"]) || typeof t["defend"] !== "boolean") return undefined;
  if (checkNumber("reserve", reserve, { min: 0, max: info.reserveMax, whole: true })) {
    return undefined;
  }
  return { target: t["target"], defend: t["defend"], reserve: reserve as number };
}

/** Each fighter's tactic as stored on the combat; the ruleset's default where none or a bad one. */
export function storedTactics(
  combat: CombatLike,
  fighters: readonly SetupFighter[],
  info: SimAdapterInfo,
): Record<string, SimTactic> {
  const flags = combat.flags as unknown as Record<string, Record<string, unknown> | undefined>;
  const stored = flags[SYSTEM_ID]?.[TACTICS_FLAG];
  const table =
    typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    fighters.map((f) => [
      f.combatantId,
      (Object.hasOwn(table, f.combatantId) ? soundTactic(table[f.combatantId], info) : undefined) ??
        info.defaultTactic,
    ]),
  );
}

/** The update that stores `tactics` on the combat, or null when they are what it holds already. */
export function tacticsUpdate(
  combat: CombatLike,
  fighters: readonly SetupFighter[],
  info: SimAdapterInfo,
  tactics: Readonly<Record<string, SimTactic>>,
): Record<string, unknown> | null {
  // What reading the flag gives now (defaults included): nothing to write when it is the same.
  const before = storedTactics(combat, fighters, info);
  const same = fighters.every((f) => {
    const a = before[f.combatantId];
    const b = tactics[f.combatantId] ?? info.defaultTactic;
    return a?.target === b.target && a.defend === b.defend && a.reserve === b.reserve;
  });
  if (same) return null;
  const table = Object.fromEntries(
    fighters.flatMap((f) => {
      const t = tactics[f.combatantId];
      return t === undefined
        ? []
        : [[f.combatantId, { target: t.target, defend: t.defend, reserve: t.reserve }]];
    }),
  );
  return { [`flags.${SYSTEM_ID}.${TACTICS_FLAG}`]: table };
}

/** The form's starting values: the tactics given, the fights and the seed. */
export function draftOf(
  tactics: Readonly<Record<string, SimTactic>>,
  fights: number,
  seed: string,
): SetupDraft {
  return {
    tactics: Object.fromEntries(
      Object.entries(tactics).map(([id, t]) => [
        id,
        { target: t.target, defend: t.defend, reserve: String(t.reserve) },
      ]),
    ),
    fights: String(fights),
    seed,
  };
}

/** Field names of the form (the template writes them, `draftFromForm` reads them). */
export const fieldName = (combatantId: string, field: keyof RawTactic) =>
  `tactic.${combatantId}.${field}`;

/**
 * The draft the form's values describe (see shared/attack-dialog.ts formValues: checkboxes as
 * booleans, everything else as text); a fighter missing from the form keeps its previous values.
 */
export function draftFromForm(
  values: Readonly<Record<string, unknown>>,
  fighters: readonly SetupFighter[],
  previous: SetupDraft,
): SetupDraft {
  const text = (name: string, fallback: string) => {
    const value = values[name];
    return typeof value === "string" ? value : fallback;
  };
  return {
    tactics: Object.fromEntries(
      fighters.map((f) => {
        const before = previous.tactics[f.combatantId] ?? {
          target: "",
          defend: false,
          reserve: "",
        };
        const defend = values[fieldName(f.combatantId, "defend")];
        return [
          f.combatantId,
          {
            target: text(fieldName(f.combatantId, "target"), before.target),
            defend: typeof defend === "boolean" ? defend : before.defend,
            reserve: text(fieldName(f.combatantId, "reserve"), before.reserve),
          },
        ];
      }),
    ),
    fights: text("fights", previous.fights),
    seed: text("seed", previous.seed),
  };
}

/** The draft with every member of `teamId` given `tactic`'s values (the "whole team" control). */
export function withTeamTactic(
  draft: SetupDraft,
  fighters: readonly SetupFighter[],
  teamId: string,
  tactic: Partial<RawTactic>,
): SetupDraft {
  const tactics = { ...draft.tactics };
  for (const f of fighters) {
    const before = tactics[f.combatantId];
    if (f.teamId !== teamId || before === undefined) continue;
    tactics[f.combatantId] = { ...before, ...tactic };
  }
  return { ...draft, tactics };
}

/** A whole number written by the GM, or NaN (an empty box is not 0). */
function wholeNumber(raw: string): number {
  const text = raw.trim();
  return text === "" ? Number.NaN : Number(text);
}

/**
 * The run the draft asks for, or the first thing wrong with it: an unknown target rule, a reserve
 * that is not a whole number from 0 to the ruleset's cap, fights out of 1…MAX_FIGHTS, an empty seed.
 */
export function readSetup(
  draft: SetupDraft,
  fighters: readonly SetupFighter[],
  info: SimAdapterInfo,
): { ok: true; value: SetupChoice } | { ok: false; error: SetupError } {
  const tactics: Record<string, SimTactic> = {};
  for (const f of fighters) {
    const raw = draft.tactics[f.combatantId];
    if (raw === undefined) {
      tactics[f.combatantId] = info.defaultTactic;
      continue;
    }
    if (!isTarget(raw.target)) {
      return { ok: false, error: { key: "badTarget", data: { name: f.name, value: raw.target } } };
    }
    const reserve = info.reserveMax === 0 ? 0 : wholeNumber(raw.reserve);
    if (checkNumber("reserve", reserve, { min: 0, max: info.reserveMax, whole: true })) {
      return {
        ok: false,
        error: {
          key: "badReserve",
          data: { name: f.name, value: raw.reserve, max: info.reserveMax },
        },
      };
    }
    tactics[f.combatantId] = { target: raw.target, defend: raw.defend, reserve };
  }
  const fights = wholeNumber(draft.fights);
  if (checkNumber("fights", fights, { min: 1, max: MAX_FIGHTS, whole: true })) {
    return {
      ok: false,
      error: {
        key: "badFights",
        data: { value: draft.fights, max: MAX_FIGHTS.toLocaleString("en") },
      },
    };
  }
  const seed = draft.seed.trim();
  if (seed === "") return { ok: false, error: { key: "emptySeed", data: {} } };
  return { ok: true, value: { tactics, fights, seed } };
}
