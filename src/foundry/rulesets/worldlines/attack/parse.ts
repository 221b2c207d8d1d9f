/**
 * A Worldlines attack declaration's choices as the referee reads them from the payload: only
 * known values (a zone, a range band, a cover, flags, ids); numbers only from a GM.
 */
import { checkNumber } from "../../../../rules/core/guard.ts";
import { ZONES } from "../../../../rules/worldlines/index.ts";
import type { Cover, RangeBand } from "../../../../rules/worldlines/index.ts";
import { definedEntries, parseModifiers } from "../../../shared/attack.ts";
import { idOf } from "./declare.ts";
import type { TableSituation } from "./declare.ts";

const RANGE_BANDS: readonly RangeBand[] = ["pointBlank", "short", "medium", "long", "extreme"];
const COVERS: readonly Cover[] = ["none", "half", "full"];

/** The attack choices of a declaration, from its payload: only known values; else null. */
export function parseSituation(raw: unknown, fromGM: boolean): TableSituation | null {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null) return null;
  const s = raw as Record<string, unknown>;
  const choice = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined | null =>
    value === undefined ? undefined : allowed.includes(value as T) ? (value as T) : null;
  const flag = (value: unknown): boolean | undefined | null =>
    value === undefined ? undefined : typeof value === "boolean" ? value : null;
  const situation: Record<string, unknown> = {
    zone: choice(s["zone"], ZONES),
    range: choice(s["range"], RANGE_BANDS),
    cover: choice(s["cover"], COVERS),
    poorVisibility: flag(s["poorVisibility"]),
    flanked: flag(s["flanked"]),
    nonLethal: flag(s["nonLethal"]),
    technique: idOf(s["technique"]), // an item id: checkDeclaration finds it or refuses
    reaction: idOf(s["reaction"]), // a reaction card: only a GM's open one goes through
  };
  // Numbers (extra modifiers, another Energy cost) are a GM's call; a player's are ignored.
  if (fromGM) {
    const modifiers = (key: string) => (s[key] === undefined ? undefined : parseModifiers(s[key]));
    const cost = s["energyCost"];
    situation["modifiers"] = modifiers("modifiers");
    situation["evasionModifiers"] = modifiers("evasionModifiers");
    const badCost = checkNumber("energyCost", cost, { min: 0, max: 100, whole: true });
    situation["energyCost"] = cost === undefined ? undefined : badCost === undefined ? cost : null;
  }
  if (Object.values(situation).includes(null)) return null;
  return definedEntries(situation);
}
