/**
 * The combat tracker (CONFIG.ui.combat): core v13's CombatTracker with Fray's own tracker part.
 * Core's header (encounter switcher, round) and footer (start/end, previous/next) stay; the list
 * shows teams as coloured blocks with their order value, members with health and Energy, their
 * statuses and whether they have acted. Everything the template shows comes from
 * `trackerContext`, so the browser test renders the real template with what the tracker builds.
 */
import { currentPhase, phaseRef } from "../../rules/combat/machine.ts";
import type { Phase, TeamId } from "../../rules/combat/types.ts";
import { trackerView } from "../../rules/combat/view.ts";
import type { MemberView, PhaseView } from "../../rules/combat/view.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../constants.ts";
import { activeRuleset } from "../settings.ts";
import { barView } from "../sheets/actor-sheet.ts";
import type { BarView } from "../sheets/actor-sheet.ts";
import type { TemplatePart } from "../sheets/base.ts";
import { requestTurnAction, userOwns, warnRefusal } from "./actions.ts";
import type { StartChoice } from "./start.ts";
import type { TurnOrder } from "../../rules/combat/order.ts";
import { currentOrder, rosterOf, teamsOf, turnStateOf } from "./state.ts";
import type { CombatLike, CombatantLike } from "./state.ts";
import { keepOutOfFight, outOfFightOf, outWords } from "./out-of-fight.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { TeamControl, TrackerChip } from "./ruleset-hooks.ts";
import { ORDER_LABELS } from "./order-card.ts";
import { createTeam, editTeam, moveCombatant, teamData } from "./teams.ts";
import { wireTeamDrag } from "./tracker-dom.ts";
import { moveDialog, report, teamDialog } from "./tracker-teams.ts";
import { simulateAction, simulateContextOption } from "../simulator/index.ts";

import CombatTracker = foundry.applications.sidebar.tabs.CombatTracker;

export const TRACKER_TEMPLATE = `${SYSTEM_PATH}/templates/combat/tracker.hbs`;

/** Core v13's combatant context menu entries that write initiative (and so re-sort `turns`). */
const CORE_INITIATIVE_ENTRIES = ["COMBAT.CombatantReroll", "COMBAT.CombatantClear"];
/** Core v13's tracker header buttons that roll or clear initiative. */
const CORE_INITIATIVE_BUTTONS = [
  '[data-action="rollAll"]',
  '[data-action="rollNPC"]',
  '[data-action="resetAll"]',
  '[data-action="rollInitiative"]',
].join(", ");

export interface StatusView {
  id: string;
  label: string;
  img: string;
}

export interface MemberRow {
  id: string;
  name: string;
  img: string;
  health: BarView | null;
  energy: BarView | null;
  statuses: StatusView[];
  /** What the ruleset shows of the member's round (WWN: Main / Move / On Turn); may be empty. */
  chips: TrackerChip[];
  acted: boolean;
  active: boolean;
  defeated: boolean;
  hidden: boolean;
  /** Defeated, or out of the fight by the ruleset's rules. */
  out: boolean;
  /** The turn order passes over it (out, and the world does not keep the out in). */
  skipped: boolean;
  /** What its state says when out ("skipped: Mortally wounded"), localized; "" when in. */
  outText: string;
  /** The hover text of that state (why, and what it means for its turns), localized. */
  outHint: string;
  /** Individual mode: the combatant's initiative. */
  orderValue: number | null;
  orderText: string;
  /** Localization keys of the acted / not acted marks ("gone yet" in individual mode). */
  actedLabel: string;
  waitingLabel: string;
  canActivate: boolean;
  canEnd: boolean;
  /** The GM's Move to team button, when there is another team to move to. */
  canMove: boolean;
  /** Its accessible name and tooltip ("Move Bram to another team"), localized. */
  moveLabel: string;
  cssClass: string;
}

export interface TeamBlock {
  id: string;
  name: string;
  color: string;
  orderValue: number | null;
  orderText: string;
  current: boolean;
  past: boolean;
  skipped: boolean;
  canEdit: boolean;
  canEndPhase: boolean;
  /** The phase End phase ends (machine `phaseRef`): a press after it is over ends none. */
  phaseRef: string;
  /** The ruleset's GM buttons on the team (`teamControls`), in a started combat. */
  controls: Pick<TeamControl, "id" | "label" | "hint">[];
  members: MemberRow[];
  cssClass: string;
}

export interface EventChip {
  label: string;
  past: boolean;
  current: boolean;
}

export interface SetupButton {
  choice: "roll" | "initiative" | "surprise" | "players" | "check";
  teamId: string;
  label: string;
  teamName: string;
  color: string;
}

export interface TrackerContext {
  hasCombat: boolean;
  started: boolean;
  round: number;
  isGM: boolean;
  individual: boolean;
  /** The phase being played: a team's or combatant's name, or a localization key. */
  phaseName: string;
  phaseColor: string;
  /** What the order value next to a team means (momentum, initiative …): a localization key. */
  orderLabel: string;
  /** Team mode: a block per team. Individual mode: one block with everybody in order. */
  blocks: TeamBlock[];
  events: EventChip[];
  setup: SetupButton[];
}

const EMPTY_CONTEXT: TrackerContext = {
  hasCombat: false,
  started: false,
  round: 0,
  isGM: false,
  individual: false,
  phaseName: "FRAY.Combat.NoCombat",
  phaseColor: "",
  orderLabel: "",
  blocks: [],
  events: [],
  setup: [],
};

function resourceOf(system: unknown, key: string): BarView | null {
  if (typeof system !== "object" || system === null) return null;
  const field = (system as Record<string, unknown>)[key] as { value?: unknown; max?: unknown };
  if (typeof field !== "object" || typeof field.value !== "number") return null;
  return barView({ value: field.value, max: typeof field.max === "number" ? field.max : 0 });
}

function statusesOf(combatant: CombatantLike): StatusView[] {
  const ids = combatant.actor?.statuses;
  if (ids === undefined) return [];
  const effects = CONFIG.statusEffects as unknown as { id: string; name?: string; img?: string }[];
  return [...ids].map((id) => {
    const effect = effects.find((e) => e.id === id);
    return { id, label: effect?.name ?? id, img: effect?.img ?? "" };
  });
}

function chipsOf(combatant: CombatantLike | undefined, active: boolean): TrackerChip[] {
  const actor = combatant?.actor ?? null;
  const hooks = combatHooks();
  if (actor === null || hooks.memberChips === undefined) return [];
  return [...hooks.memberChips(actor, { active })];
}

function textOf(value: number | undefined): string {
  return value === undefined ? "" : String(value);
}

function setupButtons(combat: CombatLike, turnOrder: TurnOrder): SetupButton[] {
  const source = turnOrder.source;
  const teams = teamsOf(combat).map(teamData);
  const per = (choice: SetupButton["choice"], label: string) =>
    teams.map((team) => ({
      choice,
      teamId: team.id,
      label,
      teamName: team.name,
      color: team.color,
    }));
  const plain = (choice: SetupButton["choice"], label: string): SetupButton => ({
    choice,
    teamId: "",
    label,
    teamName: "",
    color: "",
  });
  switch (source) {
    case "gmChoice":
      return per("initiative", "FRAY.Combat.Setup.TakesInitiative");
    case "surpriseOrTeamRoll":
      return [
        plain("players", "FRAY.Combat.Setup.PlayersFirst"),
        plain("roll", "FRAY.Combat.Setup.RollTeams"),
        ...per("surprise", "FRAY.Combat.Setup.Surprises"),
      ];
    case "teamRoll": {
      const check = combatHooks().startCheck;
      return [
        plain("roll", "FRAY.Combat.Setup.RollTeams"),
        ...(turnOrder.surprise === true ? per("surprise", "FRAY.Combat.Setup.Surprises") : []),
        ...(check === undefined ? [] : per("check", check.label)),
      ];
    }
    default:
      return [plain("roll", "FRAY.Combat.Setup.RollCombatants")];
  }
}

/**
 * Everything the tracker template shows, for one viewer. The GM sees everything; a player does
 * not see hidden combatants nor a team made only of them, and may only act for their own.
 */
export function trackerContext(
  combat: CombatLike | null,
  user: User.Implementation,
): TrackerContext {
  if (combat === null) return { ...EMPTY_CONTEXT, isGM: user.isGM };
  const ruleset = activeRuleset();
  const state = turnStateOf(combat);
  const roster = rosterOf(combat);
  const view = trackerView(state, roster, user.isGM ? "gm" : "player", keepOutOfFight());
  const order = currentOrder(combat, ruleset.turnOrder);
  const teams = new Map(teamsOf(combat).map((team) => [team.id ?? "", teamData(team)]));
  const started = state.round > 0;
  const phase = currentPhase(state);
  const individual = ruleset.turnOrder.mode === "individual";
  const controls = combatHooks().teamControls ?? [];

  const row = (member: MemberView, phaseIsCurrent: boolean): MemberRow => {
    const combatant = combat.combatants.get(member.id);
    // Out by its rules but keeping its turns (the order does not skip it).
    const down = combatant === undefined ? null : outOfFightOf(combatant);
    const kept = down?.keepsTurns === true ? down : null;
    const mine = user.isGM || (combatant !== undefined && userOwns(combatant, user));
    const waiting = started && phaseIsCurrent && !member.acted && !member.skipped;
    const canActivate = waiting && !member.active && mine && (user.isGM || state.active === null);
    const canEnd = waiting && mine && (member.active || user.isGM);
    const classes = [
      "combatant",
      member.active ? "active" : "",
      member.acted ? "acted" : "",
      member.defeated ? "defeated" : "",
      member.skipped ? "skipped" : "",
      member.hidden ? "hidden" : "",
    ];
    return {
      id: member.id,
      name: combatant?.name ?? "",
      img: combatant?.img ?? "",
      health: resourceOf(combatant?.actor?.system, "health"),
      energy: resourceOf(combatant?.actor?.system, "energy"),
      statuses: combatant === undefined ? [] : statusesOf(combatant),
      chips: chipsOf(combatant, member.active),
      acted: member.acted,
      active: member.active,
      defeated: member.defeated,
      hidden: member.hidden,
      out: member.defeated || member.outOfFight !== null || kept !== null,
      skipped: member.skipped,
      ...outWords(member, kept),
      orderValue: individual ? (order.values[member.id] ?? null) : null,
      orderText: individual ? textOf(order.values[member.id]) : "",
      actedLabel: individual ? "FRAY.Combat.Gone" : "FRAY.Combat.Acted",
      waitingLabel: individual ? "FRAY.Combat.NotGone" : "FRAY.Combat.NotActed",
      canActivate,
      canEnd,
      canMove: user.isGM && [...teams.keys()].some((id) => id !== member.teamId),
      moveLabel: user.isGM
        ? (game.i18n?.format("FRAY.Tracker.MoveTo", { name: combatant?.name ?? "" }) ?? "")
        : "",
      cssClass: classes.filter((c) => c !== "").join(" "),
    };
  };

  const block = (teamId: TeamId, phaseView: PhaseView | null, members: MemberView[]): TeamBlock => {
    const team = teams.get(teamId);
    const current = phaseView?.current ?? false;
    const classes = [
      "fray-team",
      current ? "current" : "",
      phaseView?.past === true ? "past" : "",
      phaseView?.skipped === true ? "skipped" : "",
      phaseView === null && started ? "waiting" : "",
    ];
    return {
      id: teamId,
      name: team?.name ?? "FRAY.Combat.NoTeam",
      color: team?.color ?? "#777777",
      orderValue: order.values[teamId] ?? null,
      orderText: textOf(order.values[teamId]),
      current,
      past: phaseView?.past ?? false,
      skipped: phaseView?.skipped ?? false,
      canEdit: user.isGM && teams.has(teamId),
      canEndPhase: current && user.isGM,
      phaseRef: current ? phaseRef(state) : "",
      controls: (user.isGM && started && teams.has(teamId) ? controls : []).map(
        ({ id, label, hint }) => ({ id, label, hint }),
      ),
      members: members.map((m) => row(m, current)),
      cssClass: classes.filter((c) => c !== "").join(" "),
    };
  };

  const blocks: TeamBlock[] = [];
  const rows: MemberRow[] = [];
  const events: EventChip[] = [];
  const placedTeams = new Set<TeamId>();
  for (const p of view.phases) {
    if (p.phase.kind === "team") {
      placedTeams.add(p.phase.teamId);
      blocks.push(block(p.phase.teamId, p, [...p.members]));
    } else if (p.phase.kind === "combatant") {
      rows.push(...p.members.map((m) => row(m, p.current)));
    } else {
      events.push({
        label: `FRAY.Combat.Event.${p.phase.event}`,
        past: p.past,
        current: p.current,
      });
    }
  }
  if (individual) {
    // Everybody in initiative order (the not yet placed by their roll), in one list.
    const waiting = view.waiting
      .map((m) => row(m, false))
      .sort((a, b) => (b.orderValue ?? -Infinity) - (a.orderValue ?? -Infinity));
    rows.push(...waiting);
  } else {
    const waitingTeams = [...order.order.filter((id) => teams.has(id)), ...teams.keys(), ""];
    for (const teamId of new Set(waitingTeams)) {
      if (placedTeams.has(teamId)) continue;
      const members = view.waiting.filter((m) => m.teamId === teamId);
      if (members.length === 0 && (!user.isGM || teamId === "")) continue;
      blocks.push(block(teamId, null, members));
    }
  }
  if (individual) {
    blocks.push({
      ...block("", null, []),
      name: "FRAY.Combat.Order.initiative",
      color: "",
      canEdit: false,
      cssClass: "fray-team fray-individual",
      members: rows,
    });
  }

  let phaseName = started ? "FRAY.Combat.Idle" : "FRAY.Combat.NotStarted";
  let phaseColor = "";
  if (phase?.kind === "team") {
    const team = teams.get(phase.teamId);
    phaseName = team?.name ?? phaseName;
    phaseColor = team?.color ?? "";
  } else if (phase?.kind === "combatant") {
    const visible = rows.find((r) => r.id === phase.combatantId && r.active);
    phaseName = visible?.name ?? "FRAY.Combat.HiddenCombatant";
  }

  return {
    hasCombat: true,
    started,
    round: state.round,
    isGM: user.isGM,
    individual,
    phaseName,
    phaseColor,
    orderLabel: ORDER_LABELS[ruleset.id] ?? "",
    blocks,
    events,
    setup: !started && user.isGM ? setupButtons(combat, ruleset.turnOrder) : [],
  };
}

/**
 * Scrolls the tracker's list (it scrolls on its own; see fray.css) so that the team in play is in
 * view, however long the list. Self-contained: the browser test runs it on the rendered page.
 */
export function keepCurrentTeamInView(root: HTMLElement): void {
  const list = root.querySelector<HTMLElement>(".fray-tracker");
  const team = list?.querySelector<HTMLElement>(".fray-team.current");
  if (!list || !team) return;
  const top = team.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  const bottom = top + team.getBoundingClientRect().height;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.min(top, bottom - list.clientHeight);
  }
}

function combatantIdOf(target: HTMLElement): string {
  return target.closest<HTMLElement>("[data-combatant-id]")?.dataset["combatantId"] ?? "";
}

function teamIdOfTarget(target: HTMLElement): string {
  return target.closest<HTMLElement>("[data-team-id]")?.dataset["teamId"] ?? "";
}

export class FrayCombatTracker extends CombatTracker {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID],
    actions: {
      frayActivate: FrayCombatTracker.#onActivate,
      frayEndTurn: FrayCombatTracker.#onEndTurn,
      frayEndPhase: FrayCombatTracker.#onEndPhase,
      frayStart: FrayCombatTracker.#onStart,
      frayCreateTeam: FrayCombatTracker.#onCreateTeam,
      frayEditTeam: FrayCombatTracker.#onEditTeam,
      frayTeamControl: FrayCombatTracker.#onTeamControl,
      frayMoveTeam: FrayCombatTracker.#onMoveTeam,
      fraySimulate: simulateAction,
      // Core's initiative buttons would re-sort `turns` behind the turn machine's back.
      rollAll: FrayCombatTracker.#onCoreInitiative,
      rollNPC: FrayCombatTracker.#onCoreInitiative,
      resetAll: FrayCombatTracker.#onCoreInitiative,
      rollInitiative: FrayCombatTracker.#onCoreInitiative,
    },
  };

  static override PARTS: Record<string, TemplatePart> = {
    ...CombatTracker.PARTS,
    tracker: { template: TRACKER_TEMPLATE, scrollable: [""] },
  };

  get frayCombat(): CombatLike | null {
    return (this.viewed ?? null) as CombatLike | null;
  }

  override async _preparePartContext(
    ...args: Parameters<CombatTracker["_preparePartContext"]>
  ): ReturnType<CombatTracker["_preparePartContext"]> {
    const context = await super._preparePartContext(...args);
    const [partId] = args;
    if (partId !== "tracker" || !game.user) return context;
    return Object.assign(context, { fray: trackerContext(this.frayCombat, game.user) });
  }

  override _getEntryContextOptions(): ReturnType<CombatTracker["_getEntryContextOptions"]> {
    const options = super
      ._getEntryContextOptions()
      .filter((option) => !CORE_INITIATIVE_ENTRIES.includes(option.name));
    return [
      {
        name: "FRAY.Combat.MoveToTeam",
        icon: '<i class="fa-solid fa-people-arrows"></i>',
        condition: () => game.user?.isGM === true,
        callback: (li: HTMLElement) => {
          void this.#moveDialog(li.dataset["combatantId"] ?? "");
        },
      },
      simulateContextOption(this),
      ...options,
    ];
  }

  override async _onRender(...args: Parameters<CombatTracker["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    const root = this.element;
    for (const button of root.querySelectorAll(CORE_INITIATIVE_BUTTONS)) button.remove();
    keepCurrentTeamInView(root);
    if (game.user?.isGM !== true) return;
    wireTeamDrag(root, (combatantId, teamId) => {
      const combat = this.frayCombat;
      if (combat !== null) void moveCombatant(combat, combatantId, teamId).then(report);
    });
  }

  async #moveDialog(combatantId: string): Promise<void> {
    const combat = this.frayCombat;
    if (combat !== null) await moveDialog(combat, combatantId);
  }

  /** The combatant's Move to team button: the team dialog, for the GM only. */
  static async #onMoveTeam(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    if (game.user?.isGM === true) await this.#moveDialog(combatantIdOf(target));
  }

  static async #onActivate(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.frayCombat;
    if (combat === null) return;
    await requestTurnAction(combat, { kind: "activate", combatantId: combatantIdOf(target) });
  }

  static async #onEndTurn(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.frayCombat;
    if (combat === null) return;
    await requestTurnAction(combat, { kind: "endTurn", combatantId: combatantIdOf(target) });
  }

  static #onCoreInitiative(this: FrayCombatTracker) {
    warnRefusal("coreInitiative");
  }

  /** Ends the phase the button was drawn for (`data-phase`), or none if it is already over. */
  static async #onEndPhase(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.frayCombat;
    if (combat === null) return;
    const phase = target.dataset["phase"];
    await requestTurnAction(
      combat,
      phase === undefined ? { kind: "endPhase" } : { kind: "endPhase", phase },
    );
  }

  static async #onStart(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.frayCombat;
    if (combat === null) return;
    const teamId = teamIdOfTarget(target);
    const choices: Record<string, StartChoice> = {
      roll: { roll: true },
      players: {},
      initiative: { initiative: teamId },
      surprise: { surprising: [teamId] },
    };
    const picked = target.dataset["choice"] ?? "";
    const check = combatHooks().startCheck;
    if (picked === "check" && check !== undefined) {
      // The ruleset's start check (WWN: the surprise check) is rolled here, on the GM's client.
      const choice = await check.run(combat, teamId);
      if (choice !== null) await combat.startWith(choice);
      return;
    }
    await combat.startWith(choices[picked] ?? {});
  }

  /** A ruleset's button on a team (`teamControls`): its own press, which the referee checks. */
  static async #onTeamControl(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.frayCombat;
    const id = target.dataset["control"];
    const control = combatHooks().teamControls?.find((c) => c.id === id);
    if (combat !== null && control !== undefined) {
      await control.press(combat, teamIdOfTarget(target));
    }
  }

  static async #onCreateTeam(this: FrayCombatTracker) {
    const combat = this.frayCombat;
    if (combat === null) return;
    const answer = await teamDialog("FRAY.Team.Create", "", "#4a6fa5");
    if (answer !== null) report(await createTeam(combat, answer.name, answer.color));
  }

  static async #onEditTeam(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.frayCombat;
    if (combat === null) return;
    const teamId = teamIdOfTarget(target);
    const team = teamsOf(combat).find((t) => t.id === teamId);
    if (team === undefined) return;
    const data = teamData(team);
    const answer = await teamDialog("FRAY.Team.Edit", data.name, data.color);
    if (answer !== null) report(await editTeam(combat, teamId, answer.name, answer.color));
  }
}

/** Phase helper for tests and tools: the phase in play, if any. */
export function phaseInPlay(combat: CombatLike): Phase | null {
  return currentPhase(turnStateOf(combat));
}
