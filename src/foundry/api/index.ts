/**
 * Fray's public API, at `game.system.api` from `init` on (and `frayApi` from the entry module):
 * what a macro or a module may ask of Fray. Every call that changes the world goes the way a
 * click goes: a declaration or a card's press through the one card protocol (the same local
 * check, then the referee's checks on the active GM), a turn through the `combat.turn` intent,
 * the simulator through its GM-only window. Nothing here writes a document itself.
 *
 * Documents are named by id: an actor by its id, or a token actor by its uuid (`actor.uuid`), or
 * given as the Actor (or a Token or TokenDocument, whose actor is taken). A refusal comes back
 * as `{ ok: false, reason }` and is shown to the user as the click's would be. docs/api.md
 * documents each call with a macro.
 */
import { shown } from "../../rules/core/guard.ts";
import { refuse } from "../../rules/core/result.ts";
import type { Refusal, Result } from "../../rules/core/result.ts";
import { declareCard, pressCard } from "../cards/protocol.ts";
import { requestTurnAction } from "../combat/actions.ts";
import type { ActionOutcome } from "../combat/actions.ts";
import { combatOf as fightingIn, fightOf } from "../combat/ledger.ts";
import type { CombatLike } from "../combat/state.ts";
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";
import { resolveActor, targetedActors } from "../shared/actors.ts";
import { chatMessages, currentUser, i18n } from "../shared/env.ts";
import type { RefereeOutcome } from "../shared/referee.ts";
import { openSimulator } from "../simulator/index.ts";
import type { OpenOptions, SimulatorApp } from "../simulator/index.ts";
import { FRAY_HOOKS } from "./hooks.ts";
import { bindingOf, statusEntries, toggleBound } from "../hud/statuses.ts";
import { movableToken, moveToken } from "./move.ts";
import type { MovePoint } from "./move.ts";
import type { AttackOddsData, AttackRequest, RowAction, RulesetApi, SheetAction } from "./types.ts";

/** An actor as a call names it: its id, a token actor's uuid, the Actor, or a token of it. */
export type ActorRef =
  string | Actor.Implementation | { readonly actor: Actor.Implementation | null };

/** An attack as a macro names it. */
export interface AttackCall {
  readonly attacker: ActorRef;
  /** An item id of the attacker's weapon; absent or null for bare hands. */
  readonly weaponId?: string | null;
  readonly target: ActorRef;
  /** The attack dialog's choices by name (docs/api.md lists each ruleset's). */
  readonly choices?: Readonly<Record<string, unknown>>;
}

/** The API's own refusals, each with a `FRAY.Api.Refusal.*` message. */
const API_REFUSALS = [
  "noSuchActor",
  "noSuchWeapon",
  "notAvailable",
  "badChoices",
  "noActor",
  "notInCombat",
  "noCombat",
  "noSuchItem",
  "notUsable",
  "noTargetToken",
  "manyTargetTokens",
  "noWeapon",
  "noSuchStatus",
  "noSuchAction",
  "noToken",
  "badPath",
  "noStance",
] as const;

type ApiRefusal = (typeof API_REFUSALS)[number];

const isApiRefusal = (reason: unknown): reason is ApiRefusal =>
  (API_REFUSALS as readonly unknown[]).includes(reason);

/** Shows the API's own refusals in the user's language (a ruleset's others, the ruleset shows). */
function warnOwn<T extends { readonly ok: boolean }>(outcome: T): T {
  const { reason, detail } = outcome as Partial<Refusal>;
  if (!outcome.ok && isApiRefusal(reason)) {
    const key = `FRAY.Api.Refusal.${reason}`;
    const data = Object.fromEntries(Object.entries(detail ?? {}).map(([k, v]) => [k, String(v)]));
    ui.notifications?.warn(detail ? i18n().format(key, data) : i18n().localize(key));
  }
  return outcome;
}

function refused(reason: ApiRefusal, detail?: Refusal["detail"]): Refusal {
  return warnOwn(refuse(reason, detail));
}

/** The actor a call names, or null. */
export function actorOf(ref: ActorRef | null | undefined): Actor.Implementation | null {
  if (ref === null || ref === undefined) return null;
  if (typeof ref === "string") return resolveActor(ref);
  if (ref instanceof Actor) return ref;
  return "actor" in ref ? ref.actor : null;
}

/**
 * The actor this user plays now: the first controlled token's, else the user's character; null
 * when neither (the keybindings and a call without an actor use it).
 */
export function ownActor(): Actor.Implementation | null {
  const board = (
    globalThis as { canvas?: { tokens?: { controlled?: readonly { actor: unknown }[] } } }
  ).canvas;
  const token = board?.tokens?.controlled?.find((t) => t.actor instanceof Actor);
  if (token !== undefined) return token.actor as Actor.Implementation;
  const character = (currentUser() as { character?: unknown }).character;
  return character instanceof Actor ? (character as Actor.Implementation) : null;
}

function rulesetApi(): RulesetApi {
  return shellRuleset(activeRuleset().id).api ?? {};
}

/** The ruleset's sheet action of that id, or null. */
export function sheetActionOf(id: unknown): SheetAction | null {
  return (rulesetApi().sheetActions ?? []).find((action) => action.id === id) ?? null;
}

/** The ruleset's item-row action of that id, or null. */
export function rowActionOf(id: unknown): RowAction | null {
  return (rulesetApi().rowActions ?? []).find((action) => action.id === id) ?? null;
}

/** A sheet action's name, in the user's language (its label, its placeholders filled). */
export function sheetActionName(action: SheetAction): string {
  const args = action.labelArgs;
  if (args === undefined) return i18n().localize(action.label);
  const data = Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, i18n().localize(value)]),
  );
  return i18n().format(action.label, data);
}

/** The actor's item a call names: by id, else by name. */
function itemNamed(actor: Actor.Implementation, item: string): Item.Implementation | undefined {
  return actor.items.get(item) ?? actor.items.find((i) => i.name === item);
}

/** Whether a macro can use the item: a weapon (it attacks), or an item the sheet has a use for. */
export function usableItem(item: Item.Implementation): boolean {
  return item.type === "weapon" || (rulesetApi().itemUse?.(item) ?? null) !== null;
}

/** Resolves an attack call into documents, or the API's refusal. */
function attackRequest(call: AttackCall): AttackRequest | Refusal {
  const attacker = actorOf(call.attacker);
  const target = actorOf(call.target);
  if (attacker === null || target === null) return refuse("noSuchActor");
  const weaponId = call.weaponId ?? null;
  const weapon = weaponId === null || weaponId === "" ? null : attacker.items.get(weaponId);
  if (weapon === undefined) return refuse("noSuchWeapon");
  // A macro may pass anything: the choices must be an object of named choices.
  const choices = (call.choices ?? {}) as unknown;
  if (typeof choices !== "object" || choices === null) return refuse("badChoices");
  return { attacker, weapon, target, choices: choices as Readonly<Record<string, unknown>> };
}

/** How a macro uses an item: for whom (default: this user's own actor), with which choices. */
export interface UseOptions {
  readonly actor?: ActorRef;
  /** The attack dialog's choices by name, for a weapon. */
  readonly choices?: Readonly<Record<string, unknown>>;
}

/** Which status `toggleStatus` sets, on whom. */
export interface StatusOptions {
  /** Default: this user's own actor (the selected token's, else their character). */
  readonly actor?: ActorRef;
  /** true: put it on; false: take it off; absent: the other way round. */
  readonly active?: boolean;
}

/** Whether the actor has the status now: the rules' own state where they keep it. */
function hasStatus(actor: Actor.Implementation, statusId: string): boolean {
  const binding = bindingOf(statusId);
  return binding === null ? actor.statuses.has(statusId) : binding.active(actor);
}

/** The world's ruleset, for `ruleset()`. */
export interface RulesetInfo {
  readonly id: string;
  /** Its name, in the user's language. */
  readonly name: string;
}

export interface FrayApi {
  /** Fray's version (system.json). */
  readonly version: string;
  /** The hooks Fray fires, by short name (docs/api.md lists their data). */
  readonly hooks: typeof FRAY_HOOKS;
  /** The ruleset the world plays. */
  ruleset(): RulesetInfo;
  /**
   * Declares a card of `kind` with `payload` (ids and choices), as a sheet's button does after
   * its own check: the referee checks it and posts the card; `value` is the card's message id.
   */
  declare(kind: string, payload: unknown): Promise<RefereeOutcome>;
  /** Presses `step` on the card of chat message `messageId`, as its button does. */
  press(messageId: string, step: string, choices?: unknown): Promise<RefereeOutcome>;
  /** Attacks without the dialog (its defaults under `choices`); `value` is the card's id. */
  attack(call: AttackCall): Promise<RefereeOutcome>;
  /**
   * Uses the actor's item named `item` (its id, else its name), as a hotbar macro does: for the
   * actor given, else this user's own (the selected token's, else their character). A weapon
   * attacks the user's one targeted token with the dialog's defaults (`attack`); another item
   * does what its button on the sheet does (a technique's Use, a grenade's Throw …).
   */
  useItem(item: string, options?: UseOptions): Promise<RefereeOutcome>;
  /**
   * Attacks the user's one targeted token with the actor's first weapon (default: this user's
   * own actor) with the dialog's defaults, as `useItem` with that weapon: the "Attack my target"
   * key.
   */
  attackTarget(actor?: ActorRef): Promise<RefereeOutcome>;
  /**
   * Goes prone or stands up (default: this user's own actor), as the sheet's Prone button: the
   * "Toggle prone" key. A ruleset whose rules keep no prone answers `notAvailable`.
   */
  toggleProne(actor?: ActorRef): Promise<RefereeOutcome>;
  /**
   * Puts a status on the actor (`active` true), takes it off (false) or toggles it (undefined),
   * as core's token HUD does (`Actor#toggleStatusEffect`): a status the ruleset keeps in its own
   * state the way its sheet sets it, any other as core's ActiveEffect. `value`: whether the
   * actor has it now.
   */
  toggleStatus(statusId: string, options?: StatusOptions): Promise<RefereeOutcome>;
  /**
   * Takes the actor's next stance (default: this user's own actor), as its sheet's stance button
   * does: Worldlines cycles standing, crouched and prone (its Energy paid), WWN goes prone or
   * stands up; `value` the statuses the actor has now among the ruleset's. The "Toggle stance"
   * key. A ruleset whose rules keep no stance answers `noStance`.
   */
  toggleStance(actor?: ActorRef): Promise<RefereeOutcome>;
  /**
   * Runs an action of the actor sheet by its id (`sheetActions()` lists the ruleset's), as its
   * button does, for the actor given, else this user's own (what a dragged action's hotbar
   * macro runs). With `item` (an item of the actor's, by id or name): the action of that item's
   * row (Reload, Draw …; `sheetActions()` marks them `item: true`).
   */
  act(
    action: string,
    options?: { readonly actor?: ActorRef; readonly item?: string },
  ): Promise<RefereeOutcome>;
  /**
   * Moves a token along waypoints (canvas points, each with its movement action), as a drag does:
   * the same check on this client, then the referee prices and pays it (or puts it back), and
   * `fray.moved` tells it. `actor`: a Token or TokenDocument (that token), else an actor (its
   * token on the map); default: this user's own (the selected token's, else their character's).
   */
  move(
    to: MovePoint | readonly MovePoint[],
    options?: { readonly actor?: ActorRef },
  ): Promise<RefereeOutcome>;
  /**
   * The sheet actions `act` runs in this world's ruleset: their ids and names, and `item: true`
   * for the actions of an item's row (which `act` runs with `item`).
   */
  sheetActions(): { readonly id: string; readonly name: string; readonly item?: true }[];
  /** The attack's odds as its dialog shows them (`hit` in [0, 1], and the ruleset's details). */
  odds(call: AttackCall): Result<AttackOddsData>;
  /** The started combat the actor fights in (not the viewed one), or null. */
  combatOf(actor: ActorRef): Combat.Implementation | null;
  /** Ends the actor's turn (default: this user's own actor), as the tracker's button does. */
  endTurn(actor?: ActorRef): Promise<ActionOutcome>;
  /**
   * Opens the encounter simulator on a combat (its id or the Combat; default: the combat this
   * user's actor fights in, else the viewed one). GM only. `options`: how many fights, the
   * seed.
   */
  simulate(
    combat?: string | Combat.Implementation,
    options?: OpenOptions,
  ): Promise<SimulatorApp | null>;
}

function systemVersion(): string {
  return (game.system as { version?: string } | undefined)?.version ?? "";
}

/** The combat the simulator window opens on (only the window: no rule reads it). */
function combatFor(ref: string | Combat.Implementation | undefined): CombatLike | null {
  if (typeof ref === "string") return (game.combats?.get(ref) as CombatLike | undefined) ?? null;
  if (ref !== undefined) return ref;
  const own = ownActor();
  const fighting = own === null ? null : fightingIn(own);
  // Else the viewed combat (UI): the one on this user's screen, as the tracker shows it.
  return fighting ?? (game.combat as CombatLike | null | undefined) ?? null;
}

/** `act` with an item: the action of the item's row, for the actor named (else this user's own). */
async function actOnItem(
  action: string,
  item: unknown,
  ref: ActorRef | undefined,
): Promise<RefereeOutcome> {
  const found = rowActionOf(action);
  if (found === null) return refused("noSuchAction", { action: shown(action) });
  const own = ref === undefined ? ownActor() : actorOf(ref);
  if (own === null) return refused(ref === undefined ? "noActor" : "noSuchActor");
  const named = typeof item === "string" ? itemNamed(own, item) : undefined;
  if (named === undefined) return refused("noSuchItem", { actor: own.name, item: shown(item) });
  // The button's own check warned of its refusal.
  return (await found.run(own, named)) ? { ok: true } : refuse("notCarriedOut");
}

export const frayApi: FrayApi = {
  get version() {
    return systemVersion();
  },
  hooks: FRAY_HOOKS,
  ruleset() {
    const ruleset = activeRuleset();
    return { id: ruleset.id, name: i18n().localize(ruleset.label) };
  },
  declare: (kind, payload) => declareCard(kind, payload),
  press(messageId, step, choices) {
    const message = typeof messageId === "string" ? chatMessages().get(messageId) : undefined;
    if (message === undefined) {
      // The card protocol's own words for a card that is gone.
      ui.notifications?.warn(i18n().localize("FRAY.Card.Refusal.noSuchCard"));
      return Promise.resolve(refuse("noSuchCard"));
    }
    return pressCard(message, step, choices);
  },
  async attack(call) {
    const attack = rulesetApi().attack;
    if (attack === undefined) return refused("notAvailable");
    const request = attackRequest(call);
    return warnOwn("ok" in request ? request : await attack(request));
  },
  async useItem(item, options = {}) {
    const actor = options.actor === undefined ? ownActor() : actorOf(options.actor);
    if (actor === null) return refused(options.actor === undefined ? "noActor" : "noSuchActor");
    const found = actor.items.get(item) ?? actor.items.find((i) => i.name === item);
    if (found === undefined) return refused("noSuchItem", { actor: actor.name, item });
    if (found.type !== "weapon") {
      const use = rulesetApi().itemUse?.(found) ?? null;
      if (use === null) return refused("notUsable", { item: found.name });
      // The use warned of its own refusal, as the sheet's button does.
      return (await use(actor, found)) ? { ok: true } : refuse("notCarriedOut");
    }
    const targets = targetedActors();
    const target = targets[0];
    if (target === undefined) return refused("noTargetToken");
    if (targets.length > 1) return refused("manyTargetTokens");
    const choices = options.choices ?? {};
    return frayApi.attack({ attacker: actor, weaponId: found.id, target, choices });
  },
  async attackTarget(actor) {
    const own = actor === undefined ? ownActor() : actorOf(actor);
    if (own === null) return refused(actor === undefined ? "noActor" : "noSuchActor");
    const weapon = own.items.find((i) => i.type === "weapon");
    if (weapon === undefined) return refused("noWeapon", { actor: own.name });
    return frayApi.useItem(weapon.id ?? "", { actor: own });
  },
  async toggleProne(actor) {
    if (bindingOf("prone") === null) return refused("notAvailable");
    return frayApi.toggleStatus("prone", actor === undefined ? {} : { actor });
  },
  async toggleStance(actor) {
    const own = actor === undefined ? ownActor() : actorOf(actor);
    if (own === null) return refused(actor === undefined ? "noActor" : "noSuchActor");
    const toggle = rulesetApi().toggleStance;
    if (toggle === undefined) {
      return refused("noStance", { ruleset: i18n().localize(activeRuleset().label) });
    }
    // The button's own check warned of its refusal.
    return (await toggle(own)) ? { ok: true } : refuse("notCarriedOut");
  },
  async toggleStatus(statusId, options = {}) {
    const own = options.actor === undefined ? ownActor() : actorOf(options.actor);
    if (own === null) return refused(options.actor === undefined ? "noActor" : "noSuchActor");
    const known = statusEntries().some((entry) => entry.id === statusId);
    if (!known) return refused("noSuchStatus", { status: shown(statusId) });
    const binding = bindingOf(statusId);
    const wanted = options.active ?? !hasStatus(own, statusId);
    // The sheet's own check warned of its refusal.
    const now =
      binding === null
        ? (await own.toggleStatusEffect(statusId, { active: wanted })) !== false &&
          hasStatus(own, statusId)
        : await toggleBound(own, binding, wanted);
    return now === wanted ? { ok: true, value: now } : refuse("notCarriedOut");
  },
  async act(action, options = {}) {
    if (options.item !== undefined) return actOnItem(action, options.item, options.actor);
    const found = sheetActionOf(action);
    if (found === null) return refused("noSuchAction", { action: shown(action) });
    const own = options.actor === undefined ? ownActor() : actorOf(options.actor);
    if (own === null) return refused(options.actor === undefined ? "noActor" : "noSuchActor");
    // The button's own check warned of its refusal.
    return (await found.run(own)) ? { ok: true } : refuse("notCarriedOut");
  },
  async move(to, options = {}) {
    const ref = options.actor;
    const own = ref === undefined ? ownActor() : actorOf(ref);
    if (own === null) return refused(ref === undefined ? "noActor" : "noSuchActor");
    const token = movableToken(ref, own);
    if (token === null) return refused("noToken", { actor: own.name });
    const moved = await moveToken(token, to);
    return moved.ok || moved.reason !== "badPath" ? moved : refused("badPath");
  },
  sheetActions() {
    return [
      ...(rulesetApi().sheetActions ?? []).map((action) => ({
        id: action.id,
        name: sheetActionName(action),
      })),
      ...(rulesetApi().rowActions ?? []).map(({ id, label }) => ({
        id,
        name: i18n().localize(label),
        item: true as const,
      })),
    ];
  },
  odds(call) {
    const odds = rulesetApi().odds;
    if (odds === undefined) return refused("notAvailable");
    const request = attackRequest(call);
    return warnOwn("ok" in request ? request : odds(request));
  },
  combatOf(actor) {
    const found = actorOf(actor);
    return found === null ? null : fightingIn(found);
  },
  async endTurn(actor) {
    const own = actor === undefined ? ownActor() : actorOf(actor);
    if (own === null) return refused(actor === undefined ? "noActor" : "noSuchActor");
    const fight = fightOf(own);
    if (fight === null) return refused("notInCombat");
    return requestTurnAction(fight.combat, {
      kind: "endTurn",
      combatantId: fight.combatant.id ?? "",
    });
  },
  async simulate(combat, options) {
    const found = combatFor(combat);
    if (found === null) {
      refused("noCombat");
      return null;
    }
    return openSimulator(found, undefined, options);
  },
};

/** Puts the API at `game.system.api` (init.ts, at init). */
export function registerApi(): void {
  const system = game.system as unknown as { api?: FrayApi } | undefined;
  if (system !== undefined) system.api = frayApi;
}
