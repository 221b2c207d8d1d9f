/**
 * Grappling at the table, settled on the referee (rules: grapple, escapeGrapple, moveGrappled):
 * Grapple (an unarmed hit, then opposed Str/Punch), Break free (the captive's check against each
 * grappler's) and moving the captive (drag or throw). Who holds whom is the referee's record: the
 * ledger entry a successful grapple writes (budget.ts), cleared when the hold ends; never the
 * grappler's own actor. A grapple holds only in a started combat (its damage comes at each round's
 * end: combat.ts). Letting go is the grappler's own maneuver (table/self.ts).
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import { escapeGrapple, grapple, moveGrappled } from "../../../../rules/wwn/index.ts";
import { combatantId, resolveActor } from "../adapter.ts";
import { fighterOf, grapplesIn } from "../budget.ts";
import { meleeInput, pushOnMap } from "./knock.ts";
import { carryOut } from "../../../movement/forced.ts";
import { checkLine, hitManeuverCard, maneuverDeclaration, settledHit } from "./maneuver-card.ts";

export const wwnGrappleDeclaration = maneuverDeclaration("grapple", (scene, dice) => {
  if (scene.fight === null) return refuse("grappleNeedsCombat");
  const size = scene.intent.size ?? "manSized";
  return settledHit(scene, "grapple", grapple({ ...meleeInput(scene), size }, dice));
});

export const wwnMoveGrappledDeclaration = maneuverDeclaration("moveGrappled", (scene, dice) => {
  const { me, turn } = scene;
  const captive = me.grappling === null ? null : resolveActor(me.grappling);
  if (captive === null) return refuse("notGrappling");
  const effect = scene.intent.effect === "throw" ? "throw" : "drag";
  const size = scene.intent.size ?? "manSized";
  const out = moveGrappled(me, fighterOf(captive), effect, dice, turn, undefined, size);
  if (!out.ok) return out;
  // A throw hurls the captive directly away on the map (table/knock.ts pushOnMap); where a drag
  // takes both is the grappler's to say, so the GM moves those tokens by hand.
  const thrown = effect === "throw" && out.value.success;
  const push = thrown ? pushOnMap({ ...scene, target: captive }, out.value.feet) : null;
  const card = hitManeuverCard({ ...scene, target: captive }, "moveGrappled", out.value, effect, {
    feet: String(push?.distance ?? out.value.feet),
  });
  return ok({
    updates: out.value.updates,
    card: { ...card, weaponName: null },
    then: () => carryOut(push),
  });
});

export const wwnEscapeDeclaration = maneuverDeclaration("escape", (scene, dice) => {
  const { me, actor, fight, turn } = scene;
  const holders =
    fight === null
      ? []
      : [...grapplesIn(fight.combat)]
          .filter(([, captive]) => captive === me.id)
          .flatMap(([grappler]) => {
            const holder = resolveActor(grappler);
            return holder === null || holder.id === actor.id ? [] : [holder];
          });
  const out = escapeGrapple(
    me,
    holders.map((h) => fighterOf(h)),
    dice,
    turn,
  );
  if (!out.ok) return out;
  const o = out.value;
  const names = new Map(holders.map((h) => [combatantId(h), h.name]));
  return ok({
    updates: o.updates,
    card: {
      kind: "escape",
      actorName: me.name,
      targetName: null,
      weaponName: null,
      hit: null,
      checks: [
        checkLine(me.name, o.defenderCheck, o.free),
        ...o.against.map((a) => checkLine(names.get(a.id) ?? a.id, a.check, !a.freed)),
      ],
      result: o.free
        ? "FRAY.Wwn.Maneuver.Result.escape"
        : o.against.some((a) => a.freed)
          ? "FRAY.Wwn.Maneuver.Result.escapePartly"
          : "FRAY.Wwn.Maneuver.Result.escapeFailed",
      resultData: { actor: me.name },
    },
  });
});
