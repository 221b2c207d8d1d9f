/**
 * The world settings Worldlines reads. It registers none of its own: the ones it reads are Fray's
 * shared settings (src/foundry/settings.ts), registered for every ruleset.
 */
import { SYSTEM_ID } from "../../constants.ts";

/** Attack cards apply their damage without the Apply button (off: a person presses it). */
export function autoApplyDamage(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}
