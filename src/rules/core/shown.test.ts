import { describe, expect, it } from "vitest";
import { shown } from "./guard.ts";
import { parseRangeScale } from "../twodice/option-settings.ts";
import { parseFormula } from "./formula.ts";
import { checkChoice, checkName } from "./names.ts";

/** Values `String` throws on: a refusal must still be able to name them. */
const UNPRINTABLE: readonly unknown[] = [{ toString: false }, Object.create(null), { toString: 1 }];

describe("a refusal names any value it was handed", () => {
  it("gives a value's text, or its type when String would throw", () => {
    expect(shown(3)).toBe("3");
    expect(shown("sword")).toBe("sword");
    for (const value of UNPRINTABLE) expect(shown(value)).toBe("object");
  });

  it("refuses an object a setting or a choice cannot print, instead of throwing", () => {
    for (const value of UNPRINTABLE) {
      expect(parseRangeScale(value)).toMatchObject({ ok: false, reason: "badRangeScale" });
      expect(checkChoice("stance", value, ["standing"])).toMatchObject({ reason: "badChoice" });
      expect(checkName("skill", value)).toMatchObject({
        reason: "badName",
        detail: { value: "object" },
      });
      expect(parseFormula(value as string)).toMatchObject({ ok: false, reason: "badFormula" });
    }
  });
});
