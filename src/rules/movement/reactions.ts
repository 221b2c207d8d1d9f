/**
 * Which threatening fighters a move provokes, shared by every ruleset: the mover's path as the
 * grid spaces it covers at each step, each threatener's spaces and reach (in spaces), and the
 * book's trigger:
 *
 * - "enter": a step brings the mover within the threatener's reach from outside it (Worldlines'
 *   Opportunity Attack);
 * - "leave": a step takes the mover out of the threatener's reach (WWN's free attack on leaving
 *   melee);
 * - "within": the mover goes farther than `withinLimit` (in spaces) while staying within reach
 *   (Freelancers' target of opportunity, 1.5 m);
 * - "leaveShared": a step takes the mover out of a space it shares with the threatener (the dice
 *   pool's opportunity attack).
 *
 * A ruleset supplies the trigger, who threatens and what suppresses it (Retreat, Disengage,
 * Fighting Withdrawal); the distance between two fighters is the fewest grid steps between any
 * two of their spaces (diagonals count one, as a square grid's adjacency does).
 */

/** A grid space: row `i`, column `j`. */
export interface Space {
  readonly i: number;
  readonly j: number;
}

export type ReactionTrigger = "enter" | "leave" | "within" | "leaveShared";

export interface Threat {
  readonly id: string;
  readonly spaces: readonly Space[];
  /** How far it reaches, in spaces (1: adjacent; 0: only its own spaces). */
  readonly reach: number;
}

/**
 * A reach in the ruleset's own unit (a weapon's 1 m, a 5 ft point-blank band, 0 for "its own
 * space") as grid steps, given what one grid square measures in that unit: every whole square it
 * spans, and at least the next square for any reach beyond the fighter's own space (a 1 m reach
 * on a 1.5 m grid still strikes the adjacent square). Null for no reach (not a finite number,
 * negative, or a square of no size).
 */
export function reachInSpaces(reach: number, perSquare: number): number | null {
  if (!Number.isFinite(reach) || reach < 0) return null;
  if (!Number.isFinite(perSquare) || perSquare <= 0) return null;
  if (reach === 0) return 0;
  // A hair under a whole square still counts it: 3 m on a 1.5 m grid is 2, not 1.999….
  return Math.max(1, Math.floor(reach / perSquare + 1e-9));
}

/** The fewest grid steps between two fighters' spaces (0 when they share one). */
export function gap(a: readonly Space[], b: readonly Space[]): number {
  let best = Infinity;
  for (const p of a) {
    for (const q of b) {
      const d = Math.max(Math.abs(p.i - q.i), Math.abs(p.j - q.j));
      if (d < best) best = d;
    }
  }
  return best;
}

function bounds(steps: readonly (readonly Space[])[]) {
  let iMin = Infinity;
  let iMax = -Infinity;
  let jMin = Infinity;
  let jMax = -Infinity;
  for (const step of steps) {
    for (const s of step) {
      if (s.i < iMin) iMin = s.i;
      if (s.i > iMax) iMax = s.i;
      if (s.j < jMin) jMin = s.j;
      if (s.j > jMax) jMax = s.j;
    }
  }
  return { iMin, iMax, jMin, jMax };
}

/**
 * Whether one threatener is provoked by the path `steps` (the mover's spaces at its start and
 * after each step).
 */
function provokes(
  steps: readonly (readonly Space[])[],
  threat: Threat,
  trigger: ReactionTrigger,
  withinLimit: number,
): boolean {
  const limit = trigger === "leaveShared" ? 0 : threat.reach;
  let inside = false;
  let stepsWithin = 0;
  for (let k = 0; k < steps.length; k++) {
    const now = gap(steps[k] ?? [], threat.spaces) <= limit;
    if (k > 0) {
      if (trigger === "enter" && now && !inside) return true;
      if ((trigger === "leave" || trigger === "leaveShared") && inside && !now) return true;
      if (trigger === "within" && inside && now) {
        stepsWithin += 1;
        if (stepsWithin > withinLimit) return true;
      }
    }
    inside = now;
  }
  return false;
}

/**
 * The ids of the threateners the move provokes, in the order given. `withinLimit` is the
 * "within" trigger's distance in spaces. Threateners too far from the whole path to matter are
 * passed over without measuring (a scene of hundreds of tokens).
 */
export function provokedBy(
  steps: readonly (readonly Space[])[],
  threats: readonly Threat[],
  trigger: ReactionTrigger,
  withinLimit = 0,
): string[] {
  if (steps.length < 2) return [];
  const box = bounds(steps);
  const out: string[] = [];
  for (const threat of threats) {
    const reach = Number.isFinite(threat.reach) ? Math.max(0, threat.reach) : 0;
    const near = threat.spaces.some(
      (s) =>
        s.i >= box.iMin - reach &&
        s.i <= box.iMax + reach &&
        s.j >= box.jMin - reach &&
        s.j <= box.jMax + reach,
    );
    if (near && provokes(steps, { ...threat, reach }, trigger, withinLimit)) out.push(threat.id);
  }
  return out;
}
