/** The system id, as in system.json; also the settings namespace and the flag scope. */
export const SYSTEM_ID = "fray";

/** Where the system's files live once installed in Foundry's Data folder. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

export const TEMPLATES = {
  actorSheet: `${SYSTEM_PATH}/templates/actor/actor-sheet.hbs`,
  itemSheet: `${SYSTEM_PATH}/templates/item/item-sheet.hbs`,
} as const;

/**
 * Partials any card or dialog template includes (`{{> "systems/fray/templates/…/parts/…"}}`),
 * preloaded at init: core registers each template it preloads as a partial under its path.
 */
export const PARTIALS = {
  /** The situation on an attack card: the scene's calls and the claims (scene/card-calls.ts). */
  sceneCalls: `${SYSTEM_PATH}/templates/cards/parts/situation.hbs`,
  /** A dialog's row: label, field, hint; hidden when its field does not apply (dialog-fields.ts). */
  dialogRow: `${SYSTEM_PATH}/templates/dialog/parts/row.hbs`,
  /** A dialog's odds box: the chances for the options chosen (attack-dialog.ts oddsBox). */
  dialogOdds: `${SYSTEM_PATH}/templates/dialog/parts/odds.hbs`,
  /** A dialog's head: who attacks whom with what, and what the scene decided and why. */
  dialogNotes: `${SYSTEM_PATH}/templates/dialog/parts/notes.hbs`,
  /** A card's header: who → whom, and with what (cards/parts.ts). */
  cardHeader: `${SYSTEM_PATH}/templates/cards/parts/header.hbs`,
  /** A card's next step and who must take it, with the number to reach (cards/next-step.ts). */
  cardNextStep: `${SYSTEM_PATH}/templates/cards/parts/next-step.hbs`,
  /** A card's result line (cards/parts.ts). */
  cardResult: `${SYSTEM_PATH}/templates/cards/parts/result.hbs`,
} as const;

/** The actor types every ruleset plays (a ruleset's `actorTypes` when it names none). */
export const ACTOR_TYPES = ["character", "npc"] as const;
/**
 * Every actor type system.json declares. A type the world's ruleset does not play gets an inert
 * model (data/inert.ts), so an actor of it still loads.
 */
export const DECLARED_ACTOR_TYPES = [...ACTOR_TYPES, "vehicle"] as const;
export const ITEM_TYPES = ["weapon", "armor", "gear", "technique"] as const;
export const COMBATANT_GROUP_TYPES = ["team"] as const;
