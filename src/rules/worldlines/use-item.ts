/**
 * Use Item and First Aid in full, the two item actions of the action table:
 *
 * - Use Item (costs.useItem, 1 Energy): apply a stim (it restores its `heals` health), give an
 *   antidote (Poisoned ends, as the recovery table allows), activate a device or interact with
 *   an object (only the Energy: what the device does is its text, for the GM). A stim and an
 *   antidote are used up (one of the stack); a device is not. A grenade is thrown, a first-aid
 *   kit is for First Aid and restraints for restraining: each has its own action.
 * - First Aid (costs.firstAid, 2 Energy, both hands): one Medicine check, read against every TD
 *   of what the patient suffers that medical treatment cures (the recovery table: Bleeding 5,
 *   Blinded 6, Poisoned 8); each TD the total meets cures that status, meeting Bleeding's TD also
 *   stabilizes a dying patient, and with a kit it heals the kit's `heals` health. A natural 1
 *   cures nothing. The kit loses one use whether the check passes or not.
 *
 * Healing never raises health above its maximum and never wakes anyone: a dying patient healed
 * is stable (unconscious), as after First Aid. The dead are beyond both.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed } from "./combatant.ts";
import type { EnergyRefusal } from "./energy.ts";
import { spendEnergy } from "./energy.ts";
import { rollCheckOf } from "./internal.ts";
import type { CheckResult } from "./internal.ts";
import { WORLDLINES_LIMITS } from "./limits.ts";
import type { StatusId, WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";

/** What an item is, as the item actions read it (a gear item's kind, stack and healing). */
export interface UsableItem {
  readonly kind: string;
  readonly quantity: number;
  /** Health it restores when applied (a stim, a first-aid kit); 0: none. */
  readonly heals: number;
}

/** The item kinds Use Item takes; the others answer with the action that uses them. */
export const USE_ITEM_KINDS = ["stim", "antidote", "device", "other"] as const;
const OWN_ACTION: Readonly<Record<string, string>> = {
  grenade: "useThrow",
  firstAidKit: "useFirstAid",
  restraints: "useRestrain",
};
/** The kinds a use consumes. */
const CONSUMED = new Set(["stim", "antidote"]);

export type UseItemRefusal =
  | "useThrow"
  | "useFirstAid"
  | "useRestrain"
  | "nothingLeft"
  | "ownUseOnly"
  | "nothingToCure"
  | "patientDead"
  | EnergyRefusal;

export interface ItemOutcome {
  /** The Energy paid. */
  readonly cost: number;
  /** One of the stack used up. */
  readonly consumed: boolean;
  /** Health restored to the patient. */
  readonly healed: number;
  /** Statuses ended on the patient. */
  readonly cured: readonly StatusId[];
  /** A dying patient is stable now. */
  readonly stabilized: boolean;
  readonly helper: WorldlinesCombatant;
  readonly patient: WorldlinesCombatant;
  /** The document changes (one per actor changed). */
  readonly updates: ActorUpdate[];
}

function checkItem(item: UsableItem): Result<never, InputRefusalReason> | undefined {
  return (
    checkNumber("item.quantity", item.quantity, NUMBER_RULES.count) ??
    checkNumber("item.heals", item.heals, {
      ...NUMBER_RULES.count,
      max: WORLDLINES_LIMITS.resource,
    })
  );
}

/** The patient healed by `amount` (never above its maximum); a dying patient is stable. */
function healed(patient: WorldlinesCombatant, amount: number): WorldlinesCombatant {
  if (amount <= 0) return patient;
  const value = Math.min(patient.health.max, patient.health.value + amount);
  return changed(patient, {
    health: atValue(patient.health, value),
    ...(patient.life === "dying" ? { life: "unconscious" as const } : {}),
  });
}

/** The outcome for a helper who paid (`paid`) and a patient changed to `next`. */
function outcome(
  helper: WorldlinesCombatant,
  paid: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  next: (patient: WorldlinesCombatant) => WorldlinesCombatant,
  fields: Omit<ItemOutcome, "helper" | "patient" | "updates">,
): ItemOutcome {
  const self = helper.id === patient.id;
  const nextHelper = self ? next(paid) : paid;
  const nextPatient = self ? nextHelper : next(patient);
  const updates = self
    ? diffAll([[helper, nextHelper]])
    : diffAll([
        [helper, nextHelper],
        [patient, nextPatient],
      ]);
  return { ...fields, helper: nextHelper, patient: nextPatient, updates };
}

/**
 * Use Item: `helper` uses `item` on `patient` (itself, or another for a stim or an antidote).
 * Refused on a bad number, an item with its own action, an empty stack, a device used on someone
 * else, an antidote for someone not poisoned, a dead patient, or too little Energy.
 */
export function useItem(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  item: UsableItem,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<ItemOutcome, UseItemRefusal | InputRefusalReason> {
  const bad =
    checkCombatant("helper", helper) ??
    (helper === patient ? undefined : checkCombatant("patient", patient)) ??
    checkItem(item) ??
    checkOptions(options);
  if (bad) return bad;
  const own = Object.hasOwn(OWN_ACTION, item.kind) ? OWN_ACTION[item.kind] : undefined;
  if (own !== undefined) return refuse(own as UseItemRefusal);
  const consumed = CONSUMED.has(item.kind);
  if (consumed && item.quantity < 1) return refuse("nothingLeft");
  if (!consumed && helper.id !== patient.id) return refuse("ownUseOnly");
  if (patient.life === "dead") return refuse("patientDead");
  const antidote = item.kind === "antidote";
  if (antidote && patient.statuses.poisoned === undefined) return refuse("nothingToCure");
  const paid = spendEnergy(helper, { kind: "useItem" }, options);
  if (!paid.ok) return paid;
  const heals = item.kind === "stim" ? item.heals : 0;
  const gain = Math.min(heals, patient.health.max - patient.health.value);
  return ok(
    outcome(
      helper,
      paid.value.actor,
      patient,
      (p) => {
        const cured = antidote
          ? changed(p, { statuses: withoutStatus(p.statuses, "poisoned") })
          : p;
        return healed(cured, heals);
      },
      {
        cost: paid.value.cost,
        consumed,
        healed: gain,
        cured: antidote ? ["poisoned"] : [],
        stabilized: heals > 0 && patient.life === "dying",
      },
    ),
  );
}

/** The statuses First Aid reads its check against, with their TDs from the recovery table. */
const FIRST_AID_CURES: readonly StatusId[] = ["bleeding", "blinded", "poisoned"];

export interface FirstAidOutcome extends ItemOutcome {
  readonly check: CheckResult;
}

export type FirstAidRefusal =
  "nothingToTreat" | "patientDead" | "missingTrait" | EnergyRefusal | InputRefusalReason;

/**
 * First Aid in full: one Medicine check by `helper` on `patient`, read against the TD of each
 * status it can cure, of a dying patient (Bleeding's TD) and of the kit's healing (Bleeding's TD);
 * `kit` null gives first aid without one (no healing, nothing consumed). Refused when there is
 * nothing to treat, on a bad number, or when the helper cannot act (Energy, a disabled arm).
 */
export function firstAidTreatment(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  kit: UsableItem | null,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<FirstAidOutcome, FirstAidRefusal> {
  const bad =
    checkCombatant("helper", helper) ??
    (helper === patient ? undefined : checkCombatant("patient", patient)) ??
    (kit === null ? undefined : checkItem(kit)) ??
    checkOptions(options);
  if (bad) return bad;
  if (patient.life === "dead") return refuse("patientDead");
  const baseTd = options.recovery.bleeding?.td ?? 0;
  const tdOf = (status: StatusId) => options.recovery[status]?.td ?? baseTd;
  const ailing = FIRST_AID_CURES.filter((s) => patient.statuses[s] !== undefined);
  const usable = kit !== null && kit.quantity > 0;
  const heals = usable ? kit.heals : 0;
  const canHeal = heals > 0 && patient.health.value < patient.health.max;
  const dying = patient.life === "dying";
  if (ailing.length === 0 && !dying && !canHeal) return refuse("nothingToTreat");
  const paid = spendEnergy(helper, { kind: "firstAid" }, options);
  if (!paid.ok) return paid;
  const tds = [...ailing.map(tdOf), ...(dying || canHeal ? [baseTd] : [])];
  const rolled = rollCheckOf(helper, options.medicineCheck, Math.min(...tds), dice, options);
  if (!rolled.ok) return rolled;
  const check = rolled.value;
  const meets = (td: number) => !check.criticalFailure && check.total >= td;
  const cured = ailing.filter((s) => meets(tdOf(s)));
  const mends = meets(baseTd);
  const gain = mends && canHeal ? Math.min(heals, patient.health.max - patient.health.value) : 0;
  const treat = (p: WorldlinesCombatant) => {
    let next = p;
    for (const s of cured) next = changed(next, { statuses: withoutStatus(next.statuses, s) });
    if (mends && dying) next = changed(next, { life: "unconscious" });
    return mends && canHeal ? healed(next, heals) : next;
  };
  return ok({
    check,
    ...outcome(helper, paid.value.actor, patient, treat, {
      cost: paid.value.cost,
      consumed: usable,
      healed: gain,
      cured,
      stabilized: mends && dying,
    }),
  });
}
