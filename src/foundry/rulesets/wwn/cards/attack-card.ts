/**
 * The WWN attack card: its state (kept in the ChatMessage's flags.fray.wwnAttack) and the template
 * context built from it. WWN asks nothing of the defender, so the card is rolled whole when the
 * attack is made (hit roll, then damage on a hit) and has two stages: resolved (Apply waits) and
 * applied. A miss that deals no Shock has nothing to apply and is posted as applied. Its Apply
 * button is the card protocol's step "apply" (attack/referee.ts).
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import type { ResultLine } from "../../../cards/parts.ts";
import { wwnAttackNextStep } from "./next-step.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import type { TurnContext } from "../../../../rules/wwn/actions.ts";
import type {
  AttackOutcome,
  AttackSituation,
  HitRoll,
  DamageRoll,
  Shock,
} from "../../../../rules/wwn/attack.ts";
import type { WwnUpdate } from "../../../../rules/wwn/changes.ts";
import type { WwnCombatant, WwnWeapon } from "../../../../rules/wwn/model.ts";
import { cardView, chatTemplate } from "../../../shared/cards.ts";
import type { AttackCardHeader, CardI18n } from "../../../shared/cards.ts";
import { modifierLines } from "../../../shared/format.ts";

export type WwnCardStage = "resolved" | "applied";

/** What the card keeps of a resolved attack (the outcome minus the combatants). */
export interface WwnResultView {
  readonly hit: HitRoll;
  readonly damage: DamageRoll | null;
  readonly shock: Shock;
  readonly dealt: number;
  readonly byShock: boolean;
  readonly hpLost: number;
  readonly downed: string | null;
  readonly health: { readonly before: number; readonly after: number; readonly max: number };
  /** The defender's changes, written when the card is applied. */
  readonly updates: readonly WwnUpdate[];
}

/** Screen an Ally, when someone screened the attacked ally: the opposed checks and who took it. */
export interface WwnScreenView {
  /** The ally the attacker aimed at. */
  readonly allyName: string;
  readonly attackerTotal: number;
  readonly blockers: readonly {
    readonly name: string;
    readonly total: number;
    readonly blocked: boolean;
  }[];
  /** The screener who took the attack, or null when the attacker got past. */
  readonly takenBy: string | null;
}

export interface WwnAttackCardState extends Omit<AttackCardHeader, "declaredBy"> {
  readonly stage: WwnCardStage;
  /** The user who declared the attack, as the referee recorded it (may press Apply). */
  readonly declaredBy?: string;
  /** The attacker as it was when attacking (before paying its action). */
  readonly attacker: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly situation: AttackSituation;
  readonly turn: TurnContext;
  /** Every die of the attack, in the order the rules drew them (the d20 first). */
  readonly dice: readonly DieRoll[];
  readonly result: WwnResultView;
  /** Screen an Ally, rolled before the attack (its dice are not in `dice`). */
  readonly screen?: WwnScreenView;
}

export function wwnResultView(
  outcome: AttackOutcome & { readonly updates: readonly WwnUpdate[] },
  before: WwnCombatant,
): WwnResultView {
  return {
    hit: outcome.hit,
    damage: outcome.damage ?? null,
    shock: outcome.shock,
    dealt: outcome.dealt,
    byShock: outcome.byShock,
    hpLost: outcome.hpLost,
    downed: outcome.downed ?? null,
    health: { before: before.hp.value, after: outcome.defender.hp.value, max: before.hp.max },
    updates: outcome.updates.filter((u) => u.actorId === before.id && u.itemId === undefined),
  };
}

/** Modifier sources the card names; others (a GM's extra) show as given. */
const KNOWN_MODIFIERS = new Set([
  "statBlock",
  "skill",
  "attackBonus",
  "attribute",
  "magic",
  "proneTarget",
  "attackerProne",
  "cover",
  "inMelee",
  "dualWield",
  "snapAttack",
  "charge",
  "swarm",
]);

const modifierKey = (source: string): string => `FRAY.Wwn.Modifier.${source}`;

/** The template context of an attack card. `i18n` is game.i18n (a stand-in in browser tests). */
export function wwnAttackCardContext(card: WwnAttackCardState, i18n: CardI18n) {
  const { localize, format } = i18n;
  const r = card.result;
  const s = card.situation;
  const kind = s.kind?.kind ?? "attack";
  const mode = s.mode ?? card.weapon.mode;
  const tags = [
    localize(`FRAY.Wwn.Mode.${mode}`),
    ...(kind === "attack" ? [] : [localize(`FRAY.Wwn.Kind.${kind}`)]),
    ...(s.cover !== undefined && s.cover !== "none" ? [localize(`FRAY.Wwn.Cover.${s.cover}`)] : []),
    ...(s.harm !== undefined && s.harm !== "lethal" ? [localize(`FRAY.Wwn.Harm.${s.harm}`)] : []),
  ];
  const shockWeapon = card.weapon.shock;
  const shockLabel =
    shockWeapon === undefined
      ? null
      : format("FRAY.Wwn.Card.ShockRating", { damage: shockWeapon.damage, ac: shockWeapon.ac });
  const floorFrom = r.hit.hit && r.byShock ? r.damage : null;
  const missShock = !r.hit.hit && r.shock.applies && r.dealt > 0;
  return {
    stage: card.stage,
    header: cardHeader(
      card.attackerName,
      card.defenderName,
      shockLabel === null ? card.weaponName : `${card.weaponName} · ${shockLabel}`,
      tags,
    ),
    outcome: wwnAttackResult(card, format),
    next: nextStepView(wwnAttackNextStep(card), i18n),
    sceneCalls: card.sceneCalls ?? [],
    natural: r.hit.natural,
    modifiers: modifierLines(r.hit.modifiers, KNOWN_MODIFIERS, modifierKey, localize),
    total: r.hit.total,
    ac: r.hit.ac,
    hit: r.hit.hit,
    damage:
      r.damage === null
        ? null
        : {
            formula: card.weapon.damage,
            faces: r.damage.faces.join(", "),
            rolled: r.damage.rolled,
            bonuses: modifierLines(r.damage.bonuses, KNOWN_MODIFIERS, modifierKey, localize),
            total: r.damage.total,
          },
    shockLabel,
    shock: {
      value: r.shock.value,
      applies: r.shock.applies,
      /** Why it did not land, when the weapon has Shock and the attack missed. */
      blocked:
        !r.hit.hit && r.shock.blocked !== undefined && r.shock.blocked !== "noShock"
          ? format(`FRAY.Wwn.Card.ShockBlocked.${r.shock.blocked}`, {
              name: card.defenderName,
              ac: r.hit.ac,
              shockAc: shockWeapon?.ac ?? 0,
            })
          : null,
      onMiss: missShock,
      swarm: kind === "swarm" && r.shock.applies,
    },
    /** The floor rule, shown when it raised the damage of a hit. */
    floor:
      floorFrom === null
        ? null
        : format("FRAY.Wwn.Card.Floor", { rolled: floorFrom.total, shock: r.shock.value }),
    dealt: r.dealt,
    noDamage: r.dealt === 0,
    downed:
      r.downed === null
        ? null
        : format(`FRAY.Wwn.Card.Downed.${r.downed}`, { name: card.defenderName }),
    health: r.health,
    screen:
      card.screen === undefined
        ? null
        : {
            checks: [
              format("FRAY.Wwn.Card.Screen.Check", {
                name: card.attackerName,
                total: card.screen.attackerTotal,
              }),
              ...card.screen.blockers.map((b) =>
                format("FRAY.Wwn.Card.Screen.Check", { name: b.name, total: b.total }),
              ),
            ],
            outcome:
              card.screen.takenBy === null
                ? format("FRAY.Wwn.Card.Screen.Past", {
                    attacker: card.attackerName,
                    screeners: card.screen.blockers.map((b) => b.name).join(", "),
                    ally: card.screen.allyName,
                  })
                : format("FRAY.Wwn.Card.Screen.Took", {
                    screener: card.screen.takenBy,
                    ally: card.screen.allyName,
                  }),
          },
    canApply: card.stage === "resolved",
    applied: card.stage === "applied" && r.dealt > 0,
  };
}

export type WwnAttackCardContext = ReturnType<typeof wwnAttackCardContext>;

/** What the attack came to, in one line: the hit's damage, Shock on a miss, or a miss. */
function wwnAttackResult(card: WwnAttackCardState, format: CardI18n["format"]): ResultLine {
  const r = card.result;
  const data = { target: card.defenderName, dealt: r.dealt };
  if (r.hit.hit) return resultLine(format("FRAY.Wwn.Card.Result.hit", data), "good");
  if (r.dealt > 0) return resultLine(format("FRAY.Wwn.Card.Result.shock", data), "good");
  return resultLine(format("FRAY.Wwn.Card.Result.miss", data), "bad");
}

/** The card as its message holds it (flags.fray.wwnAttack) and shows it. */
export const WWN_ATTACK_CARD = cardView(
  chatTemplate("wwn", "attack-card"),
  "wwnAttack",
  wwnAttackCardContext,
);

/** The attack card's state, from its message (null when the message is no WWN attack card). */
export const wwnCardOf = WWN_ATTACK_CARD.of;
