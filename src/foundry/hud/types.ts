/**
 * A status the rules keep in their own state (a field of the actor's, the referee's ledger),
 * shown and toggled as one of core's status effects: the token HUD's icon, `Actor#toggleStatusEffect`
 * and `fray.statusChanged` all read and write that state, so core's "prone" and the ruleset's
 * prone are one thing. A ruleset lists its own in `RulesetApi.statuses` (api/types.ts).
 */
export interface StatusBinding {
  /** The CONFIG.statusEffects id; core's own where core has the status ("prone", "stun"). */
  readonly id: string;
  /** Its CONFIG.statusEffects entry where core has none: a localization key and an icon. */
  readonly name: string;
  readonly img: string;
  /**
   * Where its state lives: the actor's own data, the referee's ledger on the Combat, or either
   * ("both": the actor's outside a fight, the ledger's in one, as Worldlines' stance).
   */
  readonly on: "actor" | "combat" | "both";
  /** Whether the actor has it, as the rules read it. */
  readonly active: (actor: Actor.Implementation) => boolean;
  /**
   * Puts it on or takes it off the way the sheet's button does (through the referee where the
   * button goes); resolves to whether it was done (a refusal is the button's warning). Absent:
   * only the rules set it, and a toggle is refused with `why`.
   */
  readonly set?: (actor: Actor.Implementation, active: boolean) => Promise<boolean>;
  /** Why it cannot be toggled by hand (a localization key), for a status without `set`. */
  readonly why?: string;
}
