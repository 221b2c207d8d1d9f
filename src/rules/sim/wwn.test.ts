import { describe, expect, it } from "vitest";
import { simulate } from "./simulate.ts";
import { wwnFourVsFour } from "./fixtures.ts";
import type { WwnSimFighter } from "./wwn.ts";

/** The request of wwnFourVsFour with its first fighter changed. */
function withFirst(change: (f: WwnSimFighter) => WwnSimFighter) {
  const base = wwnFourVsFour(5, 1);
  const [first, ...rest] = base.fighters as WwnSimFighter[];
  if (first === undefined) throw new Error("no fighter");
  return { ...base, fighters: [change(first), ...rest] };
}

describe("WWN simulator: every number the attack reads is checked once, up front", () => {
  // The attacks take checked input (resolveAttack): a poisoned number that only the attack's own
  // input check would read would otherwise slip into the fights.
  it("refuses a poisoned save, wound count or situation modifier, naming the field", () => {
    const nanSave = withFirst((f) => ({
      ...f,
      combatant: { ...f.combatant, saves: { ...f.combatant.saves, mental: Number.NaN } },
    }));
    expect(simulate(nanSave)).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "blue-0.saves.mental" },
    });
    const negativeWounds = withFirst((f) => ({ ...f, combatant: { ...f.combatant, wounds: -1 } }));
    expect(simulate(negativeWounds)).toMatchObject({ ok: false });
    const badSituation = withFirst((f) => ({
      ...f,
      situation: { modifiers: [{ source: "spell", value: Number.POSITIVE_INFINITY }] },
    }));
    expect(simulate(badSituation)).toMatchObject({ ok: false });
  });
});
