/**
 * Token bars per ruleset. Each ruleset's data file says what its actors can show on a token
 * (`*_TOKEN_BARS`), its shell side offers them through the seam (`ShellRuleset.tokenBars`), and
 * the install registers the world's ruleset's. The manifest names only the first bar
 * (health, which every ruleset has): a second bar in system.json would point WWN tokens at an
 * Energy field WWN actors do not have.
 */
import { ACTOR_TYPES } from "./constants.ts";

export interface TokenBars {
  /** CONFIG.Actor.trackableAttributes of every actor type: bar (value/max) and value paths. */
  readonly trackable: { readonly bar: readonly string[]; readonly value: readonly string[] };
  /** What a new token's second bar shows, or null for none. */
  readonly secondary: string | null;
}

/**
 * Registers what token bars may track, and which attribute a new token's second bar shows. Core
 * fills a new token's bars from the system's primary/secondary token attributes when the token
 * is created, so setting the second one here (at init) makes it follow the world's ruleset.
 */
export function registerTokenBars(bars: TokenBars): void {
  CONFIG.Actor.trackableAttributes = Object.fromEntries(
    ACTOR_TYPES.map((type) => [
      type,
      { bar: [...bars.trackable.bar], value: [...bars.trackable.value] },
    ]),
  );
  const system = game.system as unknown as { secondaryTokenAttribute?: string | null };
  system.secondaryTokenAttribute = bars.secondary;
}
