/**
 * The seam between the shell and a ruleset: what a ruleset folder under src/foundry/rulesets/
 * offers Foundry, exported as `shellRuleset` from its index.ts and listed by id in registry.ts.
 * init.ts installs the active ruleset's through install.ts and never names a ruleset.
 */
import type { CombatRulesetHooks } from "../combat/ruleset-hooks.ts";
import type { TokenBars } from "../token-bars.ts";
import type { RefereeHandler } from "../shared/referee.ts";
import type { SimFighterBase } from "../../rules/sim/types.ts";
import type { AnyDeclaration, AnyStrategy } from "../cards/protocol.ts";
import type { RulesetApi } from "../api/types.ts";
import type { MovementRules } from "../movement/types.ts";

/** A DataModel class (its constructor; Foundry builds the instances). */
export type DataModelClass = new (...args: never[]) => object;

/** An ApplicationV2 sheet class, as `DocumentSheetConfig.registerSheet` takes it. */
export type SheetClass = Parameters<typeof foundry.documents.collections.Actors.registerSheet>[1];

/** One sheet, registered as the default for its types, in the order the list gives. */
export interface SheetRegistration {
  readonly documentName: "Actor" | "Item";
  readonly sheetClass: SheetClass;
  readonly types: readonly string[];
  /** Localization key of the sheet's name in the sheet configuration. */
  readonly label: string;
}

export type { TokenBars } from "../token-bars.ts";

/** A token HUD status effect as CONFIG.statusEffects lists it (its id; name, img … besides). */
export interface StatusEffectEntry {
  readonly id: string;
}

/**
 * Something the referee (the active GM) does on a player's behalf: the intent the player sent
 * (ids and choices, never numbers that land on someone else's actor) and who sent it, as the
 * server recorded it (see shared/referee.ts), to an outcome sent back.
 */
export type RefereeAction = RefereeHandler;

export interface ShellRuleset {
  /** Actor and item DataModels by type (`CONFIG.Actor/Item.dataModels`). */
  readonly dataModels: {
    readonly Actor: Readonly<Record<string, DataModelClass>>;
    readonly Item: Readonly<Record<string, DataModelClass>>;
  };
  /**
   * The actor types it plays (each has its real model in `dataModels.Actor`); absent: the
   * character and the NPC. Every other declared type gets an inert model (install.ts).
   */
  readonly actorTypes?: readonly string[];
  /** Sheets, each made the default for its types; later entries win over earlier ones. */
  readonly sheets: readonly SheetRegistration[];
  /** The token HUD's status effects, given core's; absent: core's stay. */
  readonly statusEffects?: (core: readonly StatusEffectEntry[]) => StatusEffectEntry[];
  /** What token bars may show, and what a new token's second bar shows. */
  readonly tokenBars: TokenBars;
  /** Settings of its own, registered at init after Fray's shared ones. */
  readonly registerSettings?: () => void;
  /**
   * Its part of the team combat: order input and settling (`rollOrder`), turn start and end,
   * round events, tracker chips.
   */
  readonly combat?: CombatRulesetHooks;
  /** Wires the buttons of its chat cards as a message is rendered (renderChatMessageHTML). */
  readonly wireChatCard?: (message: ChatMessage.Implementation, html: HTMLElement) => void;
  /**
   * Its kinds of chat card, for the one card protocol (src/foundry/cards/protocol.ts): how each
   * card is read, who may press its buttons and what a press resolves to on the referee.
   */
  readonly cards?: readonly AnyStrategy[];
  /** Its declarations that post a card (an attack, a maneuver …), for the card protocol. */
  readonly declarations?: readonly AnyDeclaration[];
  /** What the referee does on request, by action name (registered with registerRefereeAction). */
  readonly refereeActions?: Readonly<Record<string, RefereeAction>>;
  /**
   * Brings the world's stored data up to this version of the ruleset; the shell calls it once on
   * the active GM's client when the world is ready.
   */
  readonly migrateWorld?: () => Promise<void>;
  /**
   * How the encounter simulator reads one of its combatants: the actor as it stands now (health,
   * resources, statuses) with the weapon it would fight with, as its simulator adapter's fighter
   * (src/rules/sim/<id>.ts). Absent: the simulator sends no fighters and the rules refuse the
   * ruleset by name ("noSimAdapter").
   */
  readonly simFighter?: (actor: Actor.Implementation, teamId: string) => SimFighterBase;
  /**
   * Its part of the public API (`game.system.api`, api/index.ts): an attack declared from ids
   * without the dialog, its odds. Absent parts are refused by name ("notAvailable").
   */
  readonly api?: RulesetApi;
  /**
   * Moving on the map (src/foundry/movement/): its movement actions, the price of a path and how
   * the GM pays it. Absent: moving a token costs nothing.
   */
  readonly movement?: MovementRules;
}
