/**
 * The black and the white die, each rolled as its own core `Roll` (so Foundry, roll modes and
 * Dice So Nice see every die) and dressed in its colour for Dice So Nice.
 *
 * How Dice So Nice (v5, Foundry v13) colours one die: when it throws a message's rolls it copies
 * each die term's `options` onto the die it draws, and reads `options.appearance` there: a
 * `colorset` ("custom" to take the colours given) with `background` (the body), `foreground` (the
 * numbers), `outline` and `edge`, and optionally `texture`, `material`, `font` and `system`; what
 * is left out comes from the user's own dice settings. The term's `flavor` ("black", "white") is
 * also offered to it as a colour set name, and shows in core's own roll tooltip. Without the
 * module the options are ignored and the card alone tells the dice apart.
 */
import type { DieColor, TwoDice } from "../../../rules/twodice/roll.ts";

/** How Dice So Nice draws each die: a black body with white numbers, and the reverse. */
export const DIE_APPEARANCE: Readonly<Record<DieColor, Readonly<Record<string, string>>>> = {
  black: {
    colorset: "custom",
    background: "#111111",
    foreground: "#ffffff",
    outline: "#000000",
    edge: "#111111",
    // No texture over the colour: a user's textured theme would no longer read as black.
    texture: "none",
  },
  white: {
    colorset: "custom",
    background: "#f5f5f0",
    foreground: "#111111",
    outline: "#ffffff",
    edge: "#f5f5f0",
    texture: "none",
  },
};

interface DressedDie {
  options?: Record<string, unknown>;
}

/** Rolls one die of `colour` with core Roll. */
export async function rollColouredDie(
  colour: DieColor,
  sides: number,
): Promise<{ roll: Roll; value: number }> {
  const roll = new Roll(`1d${String(sides)}`);
  // fvtt-types types `dice` as DiceTerm[]; only its plain `options` object is touched here.
  const die = (roll as unknown as { dice: DressedDie[] }).dice[0];
  if (die !== undefined) {
    die.options = { ...die.options, flavor: colour, appearance: { ...DIE_APPEARANCE[colour] } };
  }
  await roll.evaluate();
  return { roll, value: roll.total ?? 0 };
}

/** Rolls the black and the white die: the faces, and the two Rolls for the chat message. */
export async function rollTwoDice(sides: number): Promise<{ dice: TwoDice; rolls: Roll[] }> {
  const black = await rollColouredDie("black", sides);
  const white = await rollColouredDie("white", sides);
  return { dice: { black: black.value, white: white.value }, rolls: [black.roll, white.roll] };
}
