/**
 * The parts of `game` the rulesets' shells need once the world is ready. fvtt-types marks them
 * possibly missing (they are, before the ready hook); everything here runs later, from buttons,
 * queries and combat events, so a missing one is a programming error and throws.
 */
export interface I18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
  has(key: string): boolean;
}

/** game.i18n with numbers accepted as format values. */
export function i18n(): {
  localize: (key: string) => string;
  format: (key: string, data?: Record<string, string | number>) => string;
  has: (key: string) => boolean;
} {
  const loc = game.i18n;
  if (loc === undefined) throw new Error("game.i18n is not ready");
  return {
    localize: (key) => loc.localize(key),
    format: (key, data = {}) =>
      loc.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))),
    has: (key) => loc.has(key),
  };
}

export function currentUser(): User.Implementation {
  const user = game.user;
  if (user === null) throw new Error("no user is logged in");
  return user;
}

export function worldUsers(): NonNullable<typeof game.users> {
  const users = game.users;
  if (users === undefined) throw new Error("game.users is not ready");
  return users;
}

export function chatMessages(): NonNullable<typeof game.messages> {
  const messages = game.messages;
  if (messages === undefined) throw new Error("game.messages is not ready");
  return messages;
}
