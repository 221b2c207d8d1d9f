/**
 * The token HUD and core's status effects for the world's ruleset (init): every status the
 * ruleset keeps in its own state gets its CONFIG.statusEffects entry (hud/statuses.ts), and the
 * token HUD marks and toggles it from that state (hud/token-hud.ts, CONFIG.Token.hudClass).
 */
import { registerStatusEntries } from "./statuses.ts";
import { FrayTokenHUD } from "./token-hud.ts";

/** Call once, at init, after the ruleset's own status list is installed. */
export function registerHud(): void {
  registerStatusEntries();
  CONFIG.Token.hudClass = FrayTokenHUD;
}
