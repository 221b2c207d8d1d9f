/**
 * What the Foundry v13 server lets a user write, copied from core's document permission tests
 * (`Document#canUserModify` and each Base document's `#canCreate` / `#canUpdate`), for the
 * documents the fake models. The server runs these for every write; a refused write changes
 * nothing and the client's promise rejects. Each rule says which core behaviour it copies.
 */
import type { ClientDocument } from "./documents.ts";
import type { FakeUser } from "./world.ts";

export type WriteAction = "create" | "update" | "delete";

/** The role a user holds: core's USER_ROLES (PLAYER 1, TRUSTED 2, ASSISTANT 3, GAMEMASTER 4). */
export function roleOf(user: FakeUser): number {
  return user.role ?? (user.isGM ? 4 : 1);
}

/**
 * The top-level fields an update touches. Core expands dotted keys (`"flags.fray.x"`) into the
 * update diff before it tests permissions, so a dotted key counts as its first segment.
 */
function fieldsOf(data: Record<string, unknown>): Set<string> {
  return new Set(Object.keys(data).map((key) => key.split(".")[0] ?? key));
}

function onlyFields(data: Record<string, unknown>, allowed: readonly string[]): boolean {
  return [...fieldsOf(data)].every((field) => allowed.includes(field));
}

/**
 * The Document default (`Document.metadata.permissions`): create and delete need the ASSISTANT
 * role, update needs OWNER on the document. A document without its own rule below follows it.
 */
function byDefault(user: FakeUser, action: WriteAction, doc: ClientDocument): boolean {
  if (action === "update") return doc.testUserPermission(user, "OWNER");
  return roleOf(user) >= 3;
}

/** Core: `BaseChatMessage` #canCreate / #canUpdate, and delete by the default OWNER test. */
function chatMessage(
  user: FakeUser,
  action: WriteAction,
  doc: ClientDocument,
  data: Record<string, unknown>,
): boolean {
  const author = doc._source["author"];
  // "You cannot impersonate a different user": a player's message is authored by that player.
  if (action === "create") return author === user.id;
  // Only the author may update; and the author field is immutable.
  if (action === "update")
    return author === user.id && (!("author" in data) || data["author"] === user.id);
  // Delete: the default OWNER test, which a message grants its author (testUserPermission).
  return doc.testUserPermission(user, "OWNER");
}

/**
 * Core v13: `BaseCombat` #canUpdate (common/documents/combat.mjs, schema 13.341). A player may
 * change only `round`, `turn` and `combatants`; never the Combat's `flags`, `system`, `active` or
 * `scene`. A round or turn change is allowed when `_canChangeRound` / `_canChangeTurn` say so: the
 * server runs the base classes, whose two methods return true (a system's client-side override,
 * such as Draw Steel's GM-only round, binds only its own client's UI, not a console). Each
 * combatant change must pass that combatant's own update test. Create and delete: the default.
 */
function combat(
  user: FakeUser,
  action: WriteAction,
  doc: ClientDocument,
  data: Record<string, unknown>,
): boolean {
  if (action !== "update") return byDefault(user, action, doc);
  if (!onlyFields(data, ["_id", "round", "turn", "combatants"])) return false;
  const changes = data["combatants"];
  if (changes === undefined) return true;
  if (!Array.isArray(changes)) return false;
  const combatants = (doc as unknown as { combatants: Map<string, ClientDocument> }).combatants;
  return changes.every((change: Record<string, unknown>) => {
    const combatant = combatants.get(String(change["_id"]));
    return combatant !== undefined && combatantRule(user, "update", combatant, change);
  });
}

/**
 * Core v13: `BaseCombatant` (common/documents/combatant.mjs, schema 13.341): `create: "OWNER"`,
 * `update: #canUpdate`, `delete: "OWNER"`, and `getUserLevel` is the combatant's actor's level (a
 * combatant without an actor: the Combat's, here through the parent). So a player who owns the
 * actor may add its combatant, remove it, and update its `initiative`, `flags`, `defeated` and
 * `system` (v12 allowed only the first three; v13 added `system` with Combatant type data), but
 * never `hidden`, `name`, `img`, `actorId`, `tokenId` or `group`.
 */
function combatantRule(
  user: FakeUser,
  action: WriteAction,
  doc: ClientDocument,
  data: Record<string, unknown>,
): boolean {
  const actor = (doc as unknown as { actor: ClientDocument | null }).actor;
  const owner =
    actor === null
      ? doc.testUserPermission(user, "OWNER")
      : actor.testUserPermission(user, "OWNER");
  if (action !== "update") return owner;
  return owner && onlyFields(data, ["_id", "initiative", "flags", "defeated", "system"]);
}

/** Core's `User#can("MACRO_SCRIPT")`: CONST.USER_PERMISSIONS.MACRO_SCRIPT is PLAYER by default. */
export function canScript(user: FakeUser): boolean {
  return user.isGM || roleOf(user) >= 1;
}

/**
 * Core v13: `BaseMacro` #canCreate / #canUpdate. A script macro needs MACRO_SCRIPT to be created,
 * or to be changed into or to have its command changed; otherwise a PLAYER may create a macro and
 * its owner (its author holds every level: hotbar.ts) update it. Delete: the default OWNER test.
 */
function macroRule(
  user: FakeUser,
  action: WriteAction,
  doc: ClientDocument,
  data: Record<string, unknown>,
): boolean {
  const scripted = data["type"] === "script" || (doc.type === "script" && "command" in data);
  if (action === "create") return (canScript(user) || doc.type !== "script") && roleOf(user) >= 1;
  if (action === "update" && scripted && !canScript(user)) return false;
  return doc.testUserPermission(user, "OWNER");
}

/**
 * Whether the server lets `user` make this write. Every core test starts with "GM users can do
 * anything" (`user.isGM`, the ASSISTANT role and up).
 */
export function canUserModify(
  user: FakeUser,
  action: WriteAction,
  doc: ClientDocument,
  data: Record<string, unknown> = {},
): boolean {
  if (user.isGM) return true;
  switch (doc.documentName) {
    case "ChatMessage":
      return chatMessage(user, action, doc, data);
    case "Combat":
      return combat(user, action, doc, data);
    case "Combatant":
      return combatantRule(user, action, doc, data);
    case "Macro":
      return macroRule(user, action, doc, data);
    default:
      // An embedded Item or ActiveEffect: core tests the embedded document's permission, which it
      // takes from its parent Actor (testUserPermission of an embedded document is the parent's):
      // the actor's owner may create, update and delete them.
      if (doc.parent !== null) return doc.parent.testUserPermission(user, "OWNER");
      // Actor (ACTOR_CREATE is an ASSISTANT permission by default), world Item, CombatantGroup:
      // the default.
      return byDefault(user, action, doc);
  }
}
