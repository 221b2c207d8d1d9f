/** Fray's team-based Combat. The turn logic arrives with the team-combat issue (#4). */
export class FrayCombat extends Combat {}

export class FrayCombatant extends Combatant {}

/** A team: core v13 CombatantGroup with `system` data from TeamData. */
export class FrayCombatantGroup extends CombatantGroup {}
