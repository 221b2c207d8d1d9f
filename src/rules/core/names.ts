/**
 * Names and choices at the engine boundary. A name that indexes a table (a trait, a skill, a
 * counter kind) finds only the table's own entries: `table["toString"]` would find the function
 * every object inherits, and a rule would add a function to a number. A value that must be one of
 * a list (a size, a cover, a weapon kind) is refused when it is not, instead of falling into a
 * rule's `else` branch.
 *
 * Like the number guard (guard.ts), a check that passes allocates nothing, and a refusal names
 * the field and its value.
 */
import { fieldName, shown } from "./guard.ts";
import type { Field } from "./guard.ts";
import { refuse } from "./result.ts";
import type { Refusal } from "./result.ts";

/** Why a name or a choice was refused at the boundary. */
export type NameRefusalReason =
  | "badName" // not a string, empty, or a name every object answers to ("toString", "__proto__" …)
  | "badChoice"; // not one of the values its field allows

export type NameRefusal = Refusal<NameRefusalReason>;

/** The value `table` holds under `name` as its own entry; undefined when it holds none. */
export function ownValue<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Whether `name` is a property every plain object has (`toString`, `constructor`, `__proto__` …). */
export function isBuiltInName(name: string): boolean {
  return name in Object.prototype;
}

/**
 * Checks a name a table is read with: a non-empty string that is no built-in property name. A name
 * the table lacks is fine (the rules say what a missing entry counts); one every object answers to
 * is refused, so that it can never be stored as a key or read as one.
 */
export function checkName(field: Field, name: unknown): NameRefusal | undefined {
  if (typeof name === "string" && name.trim() !== "" && !isBuiltInName(name)) return undefined;
  return refuse("badName", { field: fieldName(field), value: shown(name) });
}

/** Checks every own key of a record with {@link checkName}; the field is `field.<key>`. */
export function checkNames(field: Field, table: object): NameRefusal | undefined {
  for (const key of Object.keys(table)) {
    if (key.trim() === "" || isBuiltInName(key)) {
      return refuse("badName", { field: `${fieldName(field)}.${key}`, value: key });
    }
  }
  return undefined;
}

/** Checks that `value` is one of `choices` (an enum's values). */
export function checkChoice(
  field: Field,
  value: unknown,
  choices: readonly unknown[],
): NameRefusal | undefined {
  if (choices.includes(value)) return undefined;
  return refuse("badChoice", {
    field: fieldName(field),
    value: shown(value),
    choices: choices.join(", "),
  });
}
