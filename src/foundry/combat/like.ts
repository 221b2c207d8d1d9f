/**
 * The combat documents as the shell reads them (Foundry's Combat, Combatant and CombatantGroup,
 * and the test fake's), and core's own test of a defeated combatant. A leaf: the modules of the
 * combat read these without importing one another (state.ts re-exports them).
 */

/** The parts of a Combat the shell reads; Foundry's Combat and the test fake both have them. */
export type CombatLike = Combat.Implementation;
export type CombatantLike = Combatant.Implementation;
export type TeamLike = CombatantGroup.Implementation;

/**
 * Whether a combatant is out of the fight: core's own test (Combatant#isDefeated), which is the
 * defeated flag or its actor carrying the DEFEATED special status the token HUD toggles.
 */
export function isDefeated(combatant: CombatantLike): boolean {
  return combatant.isDefeated;
}
