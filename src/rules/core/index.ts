/** The shared rules core: nothing here knows about any one ruleset. */
export * from "./dice.ts";
export * from "./distribution.ts";
export * from "./formula.ts";
export * from "./modifier.ts";
export * from "./random.ts";
export * from "./result.ts";
export * from "./guard.ts";
export * from "./options.ts";
export * from "./distance.ts";
