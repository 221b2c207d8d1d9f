/**
 * The WWN sheet's actions a macro runs and a user drags to the hotbar (api/types.ts SheetAction
 * and RowAction), each what its button does (sheets/actor-sheet.ts calls the same functions):
 * - the round's actions on the actor itself: Total Defense, Fighting Withdrawal, Run (the full
 *   move rate, on normal ground, as the row opens), Go Prone / Stand Up, Hold, Join a Swarm (at
 *   the one targeted token), Let go of a captive;
 * - Delay (until) and Screen (whom): the user's one targeted token, where the sheet's select
 *   names a participant; none is the rules' own refusal, as the click with none to choose;
 * - the maneuvers (Shove back or prone, Grapple, Shatter, the Execution Attack, Break free, Drag
 *   and Throw a captive), with the row's picks as it opens: its first readied weapon, a man-sized
 *   target, melee range;
 * - Use a Skill, with the skills row as it opens (its first attribute and skill, unopposed unless
 *   a token is targeted);
 * - the GM's: Morale, a saving throw called for the targeted tokens (modifier 0, as the field
 *   opens), Badly jostled;
 * - a weapon row's Charge, Reload, Refill, Ready / Stow, Drop and Pick up, for the row's weapon.
 * A spell's Cast is its row's item (`wwnItemUse`): the hotbar drags the row.
 */
import type { ItemUse, RowAction, SheetAction } from "../../api/types.ts";
import { targetedActors } from "../../shared/actors.ts";
import { combatantId } from "./adapter.ts";
import { WWN_ATTRIBUTES, WWN_SKILLS } from "./data.ts";
import { wwnJostle } from "./marks.ts";
import { wwnCharge } from "./movement.ts";
import { wwnCastSpell } from "./table/cast.ts";
import { declareWwnManeuver } from "./table/maneuver-card.ts";
import type { WwnManeuverChoices, WwnManeuverKind } from "./table/maneuver-card.ts";
import { wwnCallMorale } from "./table/morale.ts";
import { wwnCallSaves } from "./table/saves.ts";
import type { SaveKind } from "../../../rules/wwn/checks.ts";
import * as self from "./table/self.ts";
import { wwnUseSkill } from "./table/skill.ts";
import type { WwnSkillChoices } from "./table/skill.ts";

/** What the maneuvers row picks: a readied weapon's id, the target's size, the Execution's range. */
export interface WwnManeuverPicks {
  readonly weaponId: string;
  readonly size: string;
  readonly range: string;
}

/** The maneuvers row as it opens: its first readied weapon, a man-sized target, melee range. */
function openingManeuverPicks(actor: Actor.Implementation): WwnManeuverPicks {
  const readied = actor.items.contents.find(
    (item) => item.type === "weapon" && (item.system as { readied?: unknown }).readied === true,
  );
  return { weaponId: readied?.id ?? "", size: "manSized", range: "melee" };
}

/** A maneuver's button (its kind and effect) with the row's picks; whether the card was posted. */
export async function wwnManeuverButton(
  actor: Actor.Implementation,
  kind: WwnManeuverKind,
  effect: string | undefined,
  picks: WwnManeuverPicks,
): Promise<boolean> {
  // Checked by the referee (parseManeuverIntent refuses anything off its lists).
  const choices = {
    ...(effect === undefined ? {} : { effect }),
    size: picks.size,
    ...(kind === "execution" ? { range: picks.range } : {}),
  } as WwnManeuverChoices;
  const weapon = actor.items.get(picks.weaponId);
  return (await declareWwnManeuver(actor, kind, choices, weapon)) !== null;
}

/** What the skills row picks: the skill and attribute, and the target's ("" the same). */
export interface WwnSkillPicks {
  readonly skill: string;
  readonly attribute: string;
  readonly againstSkill: string;
  readonly againstAttribute: string;
}

/** Use a Skill with the row's picks (a blank part of the target's pair: the same as the user's). */
export async function wwnSkillButton(
  actor: Actor.Implementation,
  picks: WwnSkillPicks,
): Promise<boolean> {
  const { skill, attribute, againstSkill, againstAttribute } = picks;
  // Checked names only reach the referee: parseSkillIntent refuses anything off the lists.
  const choices = {
    skill,
    attribute,
    ...(againstSkill === "" && againstAttribute === ""
      ? {}
      : {
          against: {
            skill: againstSkill === "" ? skill : againstSkill,
            attribute: againstAttribute === "" ? attribute : againstAttribute,
          },
        }),
  } as unknown as WwnSkillChoices;
  return (await wwnUseSkill(actor, choices)) !== null;
}

/** The participant the user's one targeted token is (its rules id), "" for none or several. */
function targetedParticipant(): string {
  const targets = targetedActors();
  const only = targets.length === 1 ? targets[0] : undefined;
  return only === undefined ? "" : combatantId(only);
}

const maneuver = (
  id: string,
  label: string,
  img: string,
  kind: WwnManeuverKind,
  effect?: string,
): SheetAction => ({
  id,
  label,
  img,
  button: {
    action: "maneuver",
    data: { kind, ...(effect === undefined ? {} : { effect }) },
  },
  run: (actor) => wwnManeuverButton(actor, kind, effect, openingManeuverPicks(actor)),
});

const callSave = (kind: SaveKind): SheetAction => ({
  id: `callSave.${kind}`,
  label: `FRAY.Wwn.Save.${kind}`,
  img: "icons/svg/dice-target.svg",
  button: { action: "callSave", data: { save: kind } },
  run: async () => (await wwnCallSaves(kind, 0)) !== null,
});

/** An action on the actor whose button's data-action is its id. */
const own = (id: string, label: string, img: string, run: SheetAction["run"]): SheetAction => ({
  id,
  label,
  img,
  button: { action: id },
  run,
});

export const WWN_SHEET_ACTIONS: readonly SheetAction[] = [
  own("totalDefense", "FRAY.Wwn.Sheet.TotalDefense", "icons/svg/shield.svg", self.wwnTotalDefense),
  own(
    "fightingWithdrawal",
    "FRAY.Wwn.Sheet.FightingWithdrawal",
    "icons/svg/back.svg",
    self.wwnFightingWithdrawal,
  ),
  own("run", "FRAY.Wwn.Sheet.Run", "icons/svg/wingfoot.svg", (actor) => self.wwnRun(actor)),
  own("hold", "FRAY.Wwn.Sheet.Hold", "icons/svg/clockwork.svg", self.wwnHold),
  own("prone", "FRAY.Hud.Status.prone", "icons/svg/falling.svg", self.wwnToggleProne),
  own("delay", "FRAY.Wwn.Sheet.Delay", "icons/svg/hourglass.svg", (actor) =>
    self.wwnDelay(actor, targetedParticipant()),
  ),
  own("screen", "FRAY.Wwn.Sheet.Screen", "icons/svg/mage-shield.svg", (actor) =>
    self.wwnScreen(actor, targetedParticipant()),
  ),
  own("joinSwarm", "FRAY.Wwn.Sheet.JoinSwarm", "icons/svg/pawprint.svg", self.wwnJoinSwarm),
  own("release", "FRAY.Wwn.Sheet.Release", "icons/svg/unlock.svg", self.wwnRelease),
  maneuver("shovePush", "FRAY.Wwn.Sheet.ShovePush", "icons/svg/thrust.svg", "shove", "push"),
  maneuver("shoveProne", "FRAY.Wwn.Sheet.ShoveProne", "icons/svg/falling.svg", "shove", "prone"),
  maneuver("grapple", "FRAY.Wwn.Maneuver.grapple", "icons/svg/net.svg", "grapple"),
  maneuver("shatter", "FRAY.Wwn.Maneuver.shatter", "icons/svg/shield.svg", "shatter"),
  maneuver("execution", "FRAY.Wwn.Maneuver.execution", "icons/svg/skull.svg", "execution"),
  maneuver("escape", "FRAY.Wwn.Maneuver.escape", "icons/svg/door-exit.svg", "escape"),
  maneuver("drag", "FRAY.Wwn.Sheet.Drag", "icons/svg/net.svg", "moveGrappled", "drag"),
  maneuver("throw", "FRAY.Wwn.Sheet.Throw", "icons/svg/lightning.svg", "moveGrappled", "throw"),
  // The skills row as it opens: its first attribute and skill, the target's the same.
  own("useSkill", "FRAY.Wwn.Sheet.UseSkill", "icons/svg/book.svg", (actor) =>
    wwnSkillButton(actor, {
      skill: WWN_SKILLS[0],
      attribute: WWN_ATTRIBUTES[0] ?? "",
      againstSkill: "",
      againstAttribute: "",
    }),
  ),
  own(
    "morale",
    "FRAY.Wwn.Morale.Check",
    "icons/svg/terror.svg",
    async (actor) => (await wwnCallMorale(actor)) !== null,
  ),
  callSave("physical"),
  callSave("evasion"),
  callSave("mental"),
  own("jostle", "FRAY.Wwn.Sheet.Jostle", "icons/svg/daze.svg", wwnJostle),
];

const row = (
  id: string,
  label: string,
  run: (actor: Actor.Implementation, item: Item.Implementation) => Promise<unknown>,
): RowAction => ({
  id,
  label,
  button: { action: id },
  run: async (actor, item) => {
    const done = await run(actor, item);
    return done !== null && done !== false;
  },
});

export const WWN_ROW_ACTIONS: readonly RowAction[] = [
  row("charge", "FRAY.Movement.Charge.Button", wwnCharge),
  row("reload", "FRAY.Wwn.Sheet.Reload", self.wwnReload),
  row("refill", "FRAY.Wwn.Sheet.Refill", self.wwnRefill),
  row("toggleReadied", "FRAY.Wwn.Sheet.ReadyStow", self.wwnToggleReadied),
  row("drop", "FRAY.Wwn.Sheet.Drop", self.wwnDrop),
  row("pickUp", "FRAY.Wwn.Sheet.PickUp", self.wwnPickUp),
];

/** A spell's Cast (its row's button), for the hotbar's macro: a card, or the rules' refusal. */
const castSpell: ItemUse = async (actor, spell) => (await wwnCastSpell(actor, spell)) !== null;

/** The sheet's use of a non-weapon item: a spell (a technique marked a spell) is cast. */
export function wwnItemUse(item: Item.Implementation): ItemUse | null {
  const spell = (item.system as { spell?: unknown } | null)?.spell === true;
  return item.type === "technique" && spell ? castSpell : null;
}
