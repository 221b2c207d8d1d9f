/**
 * The map as the rules see it (no Foundry global): footprints and walls in grid spaces
 * (geometry.ts), reach and ganging up (reach.ts), cover and sight through walls (sight.ts),
 * areas of effect (areas.ts), and one attack's scene measured at once (situation.ts).
 */
export * from "./geometry.ts";
export * from "./reach.ts";
export * from "./sight.ts";
export * from "./areas.ts";
export * from "./situation.ts";
