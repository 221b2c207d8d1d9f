/**
 * A vehicle at the table ("dicepool.vehicle", a declaration of the one card protocol):
 * - Drive: the pilot's Mental + Pilot pool, less the pilot's wound penalty (rules/dicepool/
 *   vehicle.ts pilotPool), rolled with core Roll on the referee; the vehicle covers its speed and
 *   is under way. The drive is the pilot's move (a Simple action from the pilot's budget in the
 *   combat's ledger); the second of a turn is a sprint, paid with 1 of the vehicle's Energy.
 * - Refuel: the vehicle's Energy back to its max; refused while the vehicle or its pilot fights.
 *
 * The sender must own the vehicle and the pilot (or be the GM): the GM sets who pilots what on
 * the sheet, and a player drives only with a pilot of their own. The referee re-reads every
 * number from the live documents and posts the line card (cards/line-card.ts) with the dice.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import { scorePool } from "../../../../rules/dicepool/pool.ts";
import { drive, pilotPool, refuel } from "../../../../rules/dicepool/vehicle.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { owns, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import { warnRefusal } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import { combatantId, resolveActor, toDicepoolCombatant } from "../adapter.ts";
import { holdersOf, spendAction, turnActionsOf, withLedger, writeLedger } from "../budget.ts";
import type { LedgerNote } from "../budget.ts";
import { postLines } from "../cards/line-card.ts";
import { dicepoolOptions } from "../settings.ts";
import { asDicepoolVehicle, isVehicle, vehicleSystemOf } from "./data.ts";

export const DICEPOOL_VEHICLE = "dicepool.vehicle";

export const VEHICLE_ACTS = ["drive", "refuel"] as const;
export type VehicleAct = (typeof VEHICLE_ACTS)[number];

interface VehicleRequest {
  readonly act: VehicleAct;
  readonly vehicleId: string;
}

/** Refusals of the vehicle's own; the rest are the dice-pool game's. */
const OWN_REFUSALS = new Set(["noPilot", "notAVehicle", "in-combat", "pilotNotYours"]);

/** Shows a vehicle refusal as a localized warning. */
export function warnVehicleRefusal(refusal: ShownRefusal): void {
  warnRefusal(
    (reason) =>
      OWN_REFUSALS.has(reason)
        ? `FRAY.Dicepool.Vehicle.Refusal.${reason}`
        : `FRAY.Dicepool.Refusal.${reason}`,
    refusal,
  );
}

interface Crew {
  readonly vehicle: Actor.Implementation;
  readonly pilot: Actor.Implementation | null;
}

/** The vehicle and its pilot, checked for `user`: theirs (or the GM's). */
function crewOf(vehicleId: string, user: User.Implementation): Result<Crew> {
  const vehicle = resolveActor(vehicleId);
  if (vehicle === null) return refuse("noSuchTarget");
  if (!isVehicle(vehicle)) return refuse("notAVehicle");
  if (!(user.isGM || owns(vehicle, user))) return refuse("notAllowed");
  const pilotId = vehicleSystemOf(vehicle).crew.pilotId;
  const pilot = pilotId === null ? null : resolveActor(pilotId);
  if (pilot !== null && !(user.isGM || owns(pilot, user))) return refuse("pilotNotYours");
  return { ok: true, value: { vehicle, pilot } };
}

/** What a press comes to: the vehicle's changes, the ledger's, the line and the pool to roll. */
interface VehiclePlan {
  readonly changes: Record<string, unknown>;
  readonly notes: readonly LedgerNote[];
  readonly line: (hits: number) => string;
  readonly dice: number;
}

function planFor(request: VehicleRequest, user: User.Implementation): Result<VehiclePlan> {
  const crew = crewOf(request.vehicleId, user);
  if (!crew.ok) return crew;
  const { vehicle, pilot } = crew.value;
  const v = asDicepoolVehicle(vehicleSystemOf(vehicle) as unknown as Record<string, unknown>);
  const t = i18n();
  if (request.act === "refuel") {
    const fighting = fightOf(vehicle) !== null || (pilot !== null && fightOf(pilot) !== null);
    const full = refuel(v, fighting);
    if (!full.ok) return full;
    return {
      ok: true,
      value: {
        changes: { "system.energy.value": full.value },
        notes: [],
        line: () =>
          t.format("FRAY.Dicepool.Vehicle.Refuelled", { name: vehicle.name, energy: full.value }),
        dice: 0,
      },
    };
  }
  if (pilot === null) return refuse("noPilot");
  const options = dicepoolOptions();
  const me = toDicepoolCombatant(pilot);
  const pool = pilotPool(me, options);
  if (!pool.ok) return pool;
  // The drive is the pilot's move: the ledger counts it, and a second one this turn sprints.
  const sprint = fightOf(pilot) !== null && turnActionsOf(pilot).moves >= 1;
  const spent = spendAction(
    pilot,
    "move",
    { incapacitated: me.incapacitated !== null || me.dead, grappled: holdersOf(pilot).length > 0 },
    options,
  );
  if (!spent.ok) return spent;
  const drove = drive(v, sprint);
  if (!drove.ok)
    return drove.reason === "wrecked" ? refuse("wrecked", { name: vehicle.name }) : drove;
  const { spaces, energy } = drove.value;
  return {
    ok: true,
    value: {
      changes: { "system.energy.value": energy, "system.moving": true },
      notes: spent.value,
      line: (hits) =>
        t.format(sprint ? "FRAY.Dicepool.Vehicle.Sprinted" : "FRAY.Dicepool.Vehicle.Drove", {
          name: vehicle.name,
          pilot: pilot.name,
          spaces,
          hits,
          dice: pool.value.dice,
        }),
      dice: pool.value.dice,
    },
  };
}

export const vehicleDeclaration = cardDeclaration<VehicleRequest>({
  kind: DICEPOOL_VEHICLE,
  parse: (raw) => {
    if (typeof raw !== "object" || raw === null) return null;
    const { act, vehicleId } = raw as Record<string, unknown>;
    if (!VEHICLE_ACTS.includes(act as VehicleAct) || typeof vehicleId !== "string") return null;
    return { act: act as VehicleAct, vehicleId };
  },
  referee: (request, sender) =>
    withLedger(async () => {
      const planned = planFor(request, sender);
      if (!planned.ok) return planned;
      const { changes, notes, line, dice } = planned.value;
      const options = dicepoolOptions();
      const rolled = await withDice((source) => scorePool(dice, "rolled", source, options));
      if (!rolled.value.ok) return rolled.value;
      const vehicle = resolveActor(request.vehicleId);
      await vehicle?.update(changes);
      await writeLedger(notes);
      const message = await postLines(vehicle, [line(rolled.value.value.hits)], "fray-dp-act");
      if (message !== null) await showDice(message, rolled.rolls);
      return { ok: true, value: message?.id };
    }),
  warn: warnVehicleRefusal,
});

/** A vehicle sheet's Drive or Refuel: checked here first, then declared to the referee. */
export async function requestVehicleAct(
  vehicle: Actor.Implementation,
  act: VehicleAct,
): Promise<boolean> {
  const request: VehicleRequest = { act, vehicleId: combatantId(vehicle) };
  const checked = planFor(request, currentUser());
  if (!checked.ok) {
    warnVehicleRefusal(checked);
    return false;
  }
  return (await declareCard(DICEPOOL_VEHICLE, request)).ok;
}
