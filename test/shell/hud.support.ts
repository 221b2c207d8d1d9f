/**
 * The token HUD as a user drives it (core v13: right-click a token, open the status palette,
 * click an icon), on a user's client: the HUD class the system set (CONFIG.Token.hudClass) bound
 * to a token of the actor, what its palette shows, and a click on one status.
 */
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { clickStatus } from "../fake-foundry/hud.ts";
import type { HudToken, StatusChoice, TokenHUD } from "../fake-foundry/hud.ts";

export interface Hud {
  /** The status as the palette shows it now. */
  shown(statusId: string): StatusChoice | undefined;
  /** Clicks the status's icon (button 2: right click). */
  click(statusId: string, button?: number): Promise<void>;
}

export async function openHud(
  fake: FakeFoundry,
  actor: Actor.Implementation,
  userId: string,
): Promise<Hud> {
  const Hud = (fake.CONFIG["Token"] as unknown as { hudClass: new () => TokenHUD }).hudClass;
  const hud = new Hud();
  const token = { document: { actor } } as unknown as HudToken;
  await fake.as(userId, () => hud.bind(token));
  return {
    shown: (statusId) =>
      (hud.lastContext?.["statusEffects"] as Record<string, StatusChoice> | undefined)?.[statusId],
    click: (statusId, button = 0) => fake.as(userId, () => clickStatus(hud, statusId, button)),
  };
}

/** The ids of the actor's ActiveEffects' statuses (what core's own toggle would have made). */
export function effectStatuses(actor: Actor.Implementation): string[] {
  return actor.effects.contents.flatMap((effect) => [...effect.statuses]);
}
