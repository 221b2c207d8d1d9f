/**
 * A player's claims on a shot and the GM's ruling on them. The book leaves the target modifier
 * (small, prone, entrenched, large …) and the penalty of the target's cover to the GM, and the
 * distance to the range scale; where no scene measures it, nobody but the GM can. So a player's
 * shot may claim a target modifier, a cover penalty and, with no scene, a distance and whether it
 * moved; the card then shows the dice and what was claimed, and waits: only the GM's Confirm
 * (with the claimed values, or the GM's own) settles the shot, and the GM's values are what
 * resolves. With the tokens on a scene the distance is measured and whether the shooter moved is
 * read from its token; a player's number for those is never counted.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { resolveAttack, resolveAutoFire } from "../../../../rules/twodice/attack.ts";
import type { AttackInput, AttackSituation } from "../../../../rules/twodice/attack.ts";
import { attackOdds } from "../../../../rules/twodice/odds.ts";
import type { TwoDice } from "../../../../rules/twodice/roll.ts";
import type { Press } from "../../../cards/protocol.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { resolveActor, toTwodiceCombatant } from "../adapter.ts";
import { twodiceNow } from "../budget.ts";
import { twodiceOptions } from "../settings.ts";
import { TWODICE_ATTACK_CARD } from "../cards/attack-card.ts";
import type { CardClaims, TwodiceAttackCardState } from "../cards/attack-card.ts";
import type { TwodiceChoices } from "./declare.ts";

/**
 * What a player's ranged shot leaves to the GM, or null when nothing (a GM's own attack, a melee
 * attack, a shot on a scene that claims no modifier and no cover).
 */
export function claimsOf(
  choices: Partial<TwodiceChoices>,
  how: { fromGM: boolean; ranged: boolean; measured: boolean; onScene: boolean },
): CardClaims | null {
  if (how.fromGM || !how.ranged) return null;
  const c = choices.claims ?? {};
  const targetModifier = c.targetModifier ?? 0;
  // A player who claims no cover keeps what the referee's scene found (scene.ts), for the GM to rule.
  const cover = Math.abs(c.cover?.[0] ?? choices.cover?.[0] ?? 0);
  const claims: CardClaims = {
    targetModifier,
    cover,
    distance: how.measured ? null : (c.distance ?? 0),
    moved: how.onScene ? null : choices.moved === true,
  };
  const open = claims.distance !== null || claims.moved !== null;
  return open || targetModifier !== 0 || cover !== 0 ? claims : null;
}

/** The situation the claims (or the GM's ruling, of the same shape) describe. */
export function withClaims(situation: AttackSituation, claims: CardClaims): AttackSituation {
  return {
    ...situation,
    targetModifier: claims.targetModifier,
    cover: claims.cover === 0 ? [] : [claims.cover],
    ...(claims.distance === null ? {} : { distance: claims.distance }),
    ...(claims.moved === null ? {} : { moved: claims.moved }),
  };
}

const number = (raw: unknown) => (typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw);

/** Reads the GM's ruling (numbers; a distance and a moved tick only where they were claimed). */
export function parseRuling(raw: unknown): Partial<CardClaims> | null {
  if (typeof raw !== "object" || raw === null) return null;
  const p = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ["targetModifier", "cover", "distance"] as const) {
    const v = number(p[key]);
    if (v === undefined || v === "") continue;
    if (typeof v !== "number" || !Number.isFinite(v)) return null;
    if ((key === "distance" || key === "cover") && v < 0) return null;
    out[key] = v;
  }
  if (p["moved"] !== undefined) {
    if (typeof p["moved"] !== "boolean") return null;
    out["moved"] = p["moved"];
  }
  return out;
}

/** The GM's ruling from the card's inputs beside Confirm. */
export function readRuling(button: HTMLElement): Record<string, unknown> {
  const row = button.closest("[data-fray-step-row]") ?? button;
  const value = (name: string) =>
    row.querySelector<HTMLInputElement>(`input[data-td-rule="${name}"]`) ?? null;
  const moved = value("moved");
  return {
    targetModifier: value("targetModifier")?.value ?? "",
    cover: value("cover")?.value ?? "",
    distance: value("distance")?.value ?? "",
    ...(moved === null ? {} : { moved: moved.checked }),
  };
}

/** The GM's values over the claimed ones; what was measured stays measured. */
function ruled(claims: CardClaims, ruling: Partial<CardClaims>): CardClaims {
  return {
    targetModifier: ruling.targetModifier ?? claims.targetModifier,
    cover: Math.abs(ruling.cover ?? claims.cover),
    distance: claims.distance === null ? null : (ruling.distance ?? claims.distance),
    moved: claims.moved === null ? null : (ruling.moved ?? claims.moved),
  };
}

/** The card read again with the GM's ruling: the setup and each shot's dice. */
function reread(card: TwodiceAttackCardState, situation: AttackSituation) {
  const defenderActor = resolveActor(card.defenderId);
  const attackerActor = resolveActor(card.attackerId);
  if (defenderActor === null || attackerActor === null) return refuse("noSuchTarget");
  const live = toTwodiceCombatant(attackerActor);
  const input: AttackInput = {
    attacker: { ...card.attacker, wounds: live.wounds, armor: live.armor },
    defender: twodiceNow(defenderActor),
    weapon: card.weapon,
    situation,
  };
  const options = twodiceOptions();
  const odds = attackOdds(input, options);
  if (!odds.ok) return odds;
  const outcome =
    card.mode === "auto"
      ? resolveAutoFire(
          input,
          card.shots.map((dice) => ({ dice })),
          options,
        )
      : resolveAttack(input, card.shots[0] as TwoDice, options);
  if (!outcome.ok) return outcome;
  const attacks = "attacks" in outcome.value ? outcome.value.attacks : [outcome.value];
  return {
    ok: true as const,
    setup: odds.value.setup,
    reads: attacks.map((a) => ({ black: a.black, white: a.white, hit: a.hit })),
  };
}

/** The GM's Confirm: the shot settled on the GM's values; the card then waits for its answers. */
export async function confirmClaims({
  message,
  card,
  choices,
  claim,
}: Press<TwodiceAttackCardState>): Promise<RefereeOutcome | Refusal> {
  if (card.claims === undefined || card.claims === null) return refuse("alreadyApplied");
  const rule = ruled(card.claims, choices as Partial<CardClaims>);
  const situation = withClaims(card.situation, rule);
  const read = reread(card, situation);
  if (!read.ok) return read;
  const anyHit = read.reads.some((r) => r.hit);
  const done: TwodiceAttackCardState = {
    ...card,
    situation,
    setup: read.setup,
    reads: read.reads,
    ruling: rule,
    stage: anyHit || card.canCounter ? "pending" : "resolved",
  };
  await message.update(await TWODICE_ATTACK_CARD.stepUpdate(done, claim));
  return { ok: true };
}
