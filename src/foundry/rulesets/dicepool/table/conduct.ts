/**
 * The dice-pool table actions the action table names without mechanics (one declaration,
 * "dicepool.conduct", through table/kit.ts), with the rules' product decisions
 * (rules/dicepool/conduct.ts):
 * - takeCover (Free): the cover the actor names (light, medium, full) is the referee's record in
 *   the ledger (`cover`), shown on the line card and the tracker for the GM to see; an attack on
 *   the actor meets the better of it and the declared cover. It ends at the actor's next turn
 *   start or when it moves (combat.ts, movement.ts, the move act).
 * - defendOther (Simple): the actor guards the ally named (`guarding` in its ledger entry, until
 *   its next turn start); attacks on the ally add the world's guard dice to its defense.
 * - surrender (Interrupt): the actor's `system.surrendered`; it only talks from then on
 *   (budget.ts spendAction) and is out of the fight (combat.ts); the GM clears it on the sheet.
 * - usePower: a power item of the actor's (the technique item) takes the action type it names
 *   and its Energy.
 * - issueCommand (Simple, to the targeted character), quickCommunication and socialAction (Free):
 *   the line the player typed is the card's (escaped); one who surrendered, or an incapacitated
 *   one for a social action, may still speak; the dead do not.
 * - complexAction (Complex): any other Complex action the GM allows; the whole turn.
 * What an attack reads of them (`conductOnAttack`) is read from the ledger on the referee, and
 * the weapon's flags from the attacker's item.
 */
import type { Modifier } from "../../../../rules/core/modifier.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import { ACTION_TYPES } from "../../../../rules/dicepool/actions.ts";
import type { ActionType } from "../../../../rules/dicepool/actions.ts";
import {
  checkGuard,
  coverMet,
  forbiddenDefenses,
  guardModifier,
  openDefenses,
  surrender,
  takeCover,
  usePower,
  words,
} from "../../../../rules/dicepool/conduct.ts";
import type { AttackFlag } from "../../../../rules/dicepool/conduct.ts";
import { DICEPOOL_FIELD_PATHS } from "../../../../rules/dicepool/changes.ts";
import type { DefenseKind } from "../../../../rules/dicepool/attack.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import { COVER_KINDS } from "../../../../rules/dicepool/options.ts";
import type { CoverKind, DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { fightOf, ledgerEntry } from "../../../combat/ledger.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { i18n } from "../../../shared/env.ts";
import { registerWorldSetting } from "../../../shared/settings.ts";
import { combatantId, systemOf, toDicepoolCombatant } from "../adapter.ts";
import { ledgerNote, spendAction } from "../budget.ts";
import type { Fight, LedgerNote } from "../budget.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";

export const COVER_KEY = "cover";
export const GUARD_KEY = "guarding";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fray.dicepoolGuardDice": number;
  }
}

/** The world's guard dice (Defend Other), 2 by default (rules/dicepool/conduct.ts). */
export function registerConductSettings(): void {
  registerWorldSetting("dicepoolGuardDice", (part) => `FRAY.Dicepool.Settings.GuardDice.${part}`, {
    type: Number,
    range: { min: 0, max: 20, step: 1 },
    default: 2,
  });
}

/** The cover the referee recorded for the actor in its fight (null: none, or out of combat). */
export function coverTaken(actor: Actor.Implementation): CoverKind | null {
  const fight = fightOf(actor);
  const raw =
    fight === null ? null : ledgerEntry(fight.combat, fight.combatant.id ?? "", COVER_KEY);
  return COVER_KINDS.includes(raw as CoverKind) && raw !== "none" ? (raw as CoverKind) : null;
}

/** The ally the actor guards, as recorded (null: none). */
export function guarding(actor: Actor.Implementation): string | null {
  const fight = fightOf(actor);
  const raw =
    fight === null ? null : ledgerEntry(fight.combat, fight.combatant.id ?? "", GUARD_KEY);
  return typeof raw === "string" && raw !== "" ? raw : null;
}

/** The ledger entries that end at the combatant's own turn start (combat.ts). */
export function conductTurnReset(): Record<string, null> {
  return { [COVER_KEY]: null, [GUARD_KEY]: null };
}

/** The note that ends the actor's cover (it moved), or none when it had none. */
export function coverEnds(fight: Fight | null, actor: Actor.Implementation): LedgerNote[] {
  return fight === null || coverTaken(actor) === null ? [] : [ledgerNote(fight, COVER_KEY, null)];
}

/** The members of the actor's fight that guard it, as the ledger records them. */
function guardsOf(actor: Actor.Implementation): Actor.Implementation[] {
  const fight = fightOf(actor);
  if (fight === null) return [];
  const me = combatantId(actor);
  return fight.combat.combatants.contents.flatMap((c) => {
    if (c.actor === null) return [];
    return ledgerEntry(fight.combat, c.id ?? "", GUARD_KEY) === me ? [c.actor] : [];
  });
}

/** The item's attack flags as stored (a player may write anything: only `true` counts). */
function weaponFlags(item: Item.Implementation | null): Partial<Record<AttackFlag, boolean>> {
  const mods = (item?.system as { mods?: Record<string, unknown> } | undefined)?.mods ?? {};
  return {
    undodgeable: mods["undodgeable"] === true,
    unparryable: mods["unparryable"] === true,
    unsoakable: mods["unsoakable"] === true,
  };
}

/** What an attack on `target` takes from the table: the defenses ruled out, cover, guards. */
export interface AttackConduct {
  readonly forbid: DefenseKind[];
  readonly cover: CoverKind;
  readonly defenseModifiers: Modifier[];
}

/**
 * The weapon's flags, the better of the declared cover and the cover the target took, and the
 * guard dice while someone (not the attacker) guards it.
 */
export function conductOnAttack(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  weapon: Item.Implementation | null,
  declared: CoverKind,
  options: DicepoolOptions,
): Result<AttackConduct> {
  const forbid = forbiddenDefenses(weaponFlags(weapon));
  if (!forbid.ok) return forbid;
  const attackerId = combatantId(attacker);
  const guards = guardsOf(target).filter((g) => combatantId(g) !== attackerId);
  const guard = guardModifier(
    guards.map((g) => toDicepoolCombatant(g)),
    game.settings.get(SYSTEM_ID, "dicepoolGuardDice"),
    guards.map((g) => systemOf(g).surrendered === true),
  );
  if (!guard.ok) return guard;
  return {
    ok: true,
    value: {
      forbid: forbid.value,
      cover: coverMet(declared, coverTaken(target), options),
      defenseModifiers: guard.value === null ? [] : [guard.value],
    },
  };
}

/**
 * A defense the attack leaves the defender (Soak when none is left: the attack is undefended),
 * to plan what does not depend on the defense.
 */
export function someDefense(input: {
  readonly defender: Pick<DicepoolCombatant, "incapacitated" | "controls">;
  readonly forbid?: readonly DefenseKind[];
}): DefenseKind {
  return openDefenses(input.defender, input.forbid)[0] ?? "soak";
}

/** A power's action type: an Interrupt when stored so, else the type it names. */
export function powerType(item: Item.Implementation): ActionType {
  const s = item.system as { interrupt?: unknown; actionType?: unknown };
  if (s.interrupt === true) return "interrupt";
  return ACTION_TYPES.includes(s.actionType as ActionType)
    ? (s.actionType as ActionType)
    : "simple";
}

const planConduct: ActPlanner = (request, { actor, other, me, options, say, done }) => {
  const fight = fightOf(actor);
  switch (request.act) {
    case "takeCover": {
      const kind = takeCover(request.choice as CoverKind);
      if (!kind.ok) return kind;
      if (fight === null) return refuse("needsCombat");
      const label = `FRAY.Dicepool.Cover.${kind.value}`;
      return done(
        [],
        [ledgerNote(fight, COVER_KEY, kind.value)],
        say("TookCover", {
          cover: i18n().localize(label),
        }),
      );
    }
    case "defendOther": {
      if (other === null) return refuse("noTarget");
      const ally = checkGuard(combatantId(actor), combatantId(other));
      if (!ally.ok) return ally;
      if (fight === null || fightOf(other)?.combat !== fight.combat) return refuse("needsCombat");
      return done([], [ledgerNote(fight, GUARD_KEY, ally.value)], say("Guards"));
    }
    case "surrender": {
      const given = surrender(me, systemOf(actor).surrendered === true);
      if (!given.ok) return given;
      return done(
        [{ actorId: combatantId(actor), changes: { "system.surrendered": true } }],
        [],
        say("Surrenders"),
      );
    }
    case "usePower": {
      const item = actor.items.get(request.choice) ?? null;
      if (item?.type !== "technique") return refuse("notAPower");
      const type = powerType(item);
      const spent = spendAction(
        actor,
        "usePower",
        { powerType: type, incapacitated: me.incapacitated !== null || me.dead },
        options,
      );
      if (!spent.ok) return spent;
      const energy = (item.system as { energyCost?: unknown }).energyCost;
      const left = usePower(me, { energy: energy as number });
      if (!left.ok) return left;
      const cost = me.energy.value - left.value;
      return done(
        cost === 0
          ? []
          : [
              {
                actorId: combatantId(actor),
                changes: { [DICEPOOL_FIELD_PATHS.energy]: left.value },
              },
            ],
        spent.value,
        say("UsedPower", { power: item.name, energy: cost }),
      );
    }
    case "issueCommand":
    case "quickCommunication":
    case "socialAction": {
      if (me.dead) return refuse("target-dead");
      const to = request.act === "issueCommand" ? (other === null ? "" : combatantId(other)) : null;
      const said = words(request.choice, combatantId(actor), to);
      if (!said.ok) return said;
      const key = { issueCommand: "Commands", quickCommunication: "Says", socialAction: "Social" }[
        request.act
      ];
      return done([], [], say(said.value === "" ? key : `${key}Words`, { words: said.value }));
    }
    case "complexAction": {
      const what = words(request.choice, combatantId(actor));
      if (!what.ok) return what;
      return done(
        [],
        [],
        say(what.value === "" ? "Complex" : "ComplexWords", { words: what.value }),
      );
    }
    default:
      return refuse("badRequest");
  }
};

export const conductDeclaration = actDeclaration("dicepool.conduct", planConduct);
