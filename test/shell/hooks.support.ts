/**
 * Listening to Fray's hooks as a module does (`Hooks.on`), in any fake world: a log of every call
 * of the named hooks (which hook, on whose client, with what), and a handler that answers false
 * (a module stopping what the hook announces). Each gives back its `off`.
 */
import type { FakeFoundry } from "../fake-foundry/index.ts";

export interface HookCall {
  readonly hook: string;
  /** The user whose client ran the handler. */
  readonly client: string;
  readonly data: Record<string, unknown>;
}

/** Records every call of the named hooks, until `off`. */
export function hookLog(fake: FakeFoundry, ...names: string[]) {
  const calls: HookCall[] = [];
  const handlers = names.map((hook) => {
    const fn = (data: unknown) => {
      calls.push({ hook, client: fake.game.user.id, data: data as Record<string, unknown> });
    };
    fake.hooks.on(hook, fn);
    return () => {
      fake.hooks.off(hook, fn);
    };
  });
  return {
    calls,
    off: () => {
      handlers.forEach((off) => {
        off();
      });
    },
  };
}

/** A handler of `hook` that answers false, until the `off` it gives back is called. */
export function stopping(fake: FakeFoundry, hook: string): () => void {
  const fn = () => false;
  fake.hooks.on(hook, fn);
  return () => {
    fake.hooks.off(hook, fn);
  };
}

/** The attack and damage hooks, in the order a card fires them. */
export const ATTACK_HOOKS = [
  "fray.preAttack",
  "fray.attackResolved",
  "fray.preApplyDamage",
  "fray.damageApplied",
] as const;

/**
 * `userId` runs `attack` while a module stops every `fray.preAttack`: what the attack answered,
 * what the hook heard (on which client, with what), and whether anything was sent to the referee
 * or posted.
 */
export async function stoppedAttack(
  fake: FakeFoundry,
  userId: string,
  attack: () => Promise<unknown>,
) {
  const heard = hookLog(fake, "fray.preAttack");
  const off = stopping(fake, "fray.preAttack");
  try {
    fake.setUser(userId);
    const messages = fake.game.messages.size;
    const queries = fake.queries.length;
    const outcome = await attack();
    const sent = fake.game.messages.size !== messages || fake.queries.length !== queries;
    return { outcome, heard: heard.calls, sent };
  } finally {
    off();
    heard.off();
  }
}

/** What `stoppedAttack` finds when the module stopped `kind`'s attack on `userId`'s client. */
export function stoppedBefore(
  kind: string,
  userId: string,
  ids: { attackerId: unknown; weaponId: unknown; targetId: unknown },
) {
  return {
    outcome: { ok: false, reason: "cancelledByModule" },
    heard: [{ hook: "fray.preAttack", client: userId, data: { kind, ...ids, userId } }],
    sent: false,
  };
}
