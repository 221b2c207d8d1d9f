/** The system id, as in system.json; also the settings namespace and the flag scope. */
export const SYSTEM_ID = "fray";

/** Where the system's files live once installed in Foundry's Data folder. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

export const TEMPLATES = {
  actorSheet: `${SYSTEM_PATH}/templates/actor/actor-sheet.hbs`,
  itemSheet: `${SYSTEM_PATH}/templates/item/item-sheet.hbs`,
} as const;

export const ACTOR_TYPES = ["character", "npc"] as const;
export const ITEM_TYPES = ["weapon", "armor", "gear", "technique"] as const;
export const COMBATANT_GROUP_TYPES = ["team"] as const;
