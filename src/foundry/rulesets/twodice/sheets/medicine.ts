/**
 * The sheet's Medicine: a dialog for what the book's bonuses need (more time, the healer's own
 * choice and never in a fight; better circumstances, the GM's call, offered to a GM only), with
 * the exact chance the treatment works for the care chosen (the shared odds box), then the
 * Medicine check card (table/checks.ts), on the one targeted token's actor or on itself.
 */
import { medicineValue } from "../../../../rules/twodice/medicine.ts";
import { trait } from "../../../../rules/twodice/model.ts";
import { hitOdds } from "../../../../rules/twodice/odds.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { oddsBox, promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsPanel } from "../../../shared/attack-dialog.ts";
import { i18n } from "../../../shared/env.ts";
import { percent, signed } from "../../../shared/format.ts";
import { refusalText } from "../../../shared/refusal.ts";
import type { TwodiceOptions } from "../../../../rules/twodice/options.ts";
import { inFight, twodiceNow } from "../budget.ts";
import { twodiceOptions } from "../settings.ts";
import { twodiceMedicine } from "../table/checks.ts";
import type { MedicineChoice } from "../table/checks.ts";

export const TWODICE_MEDICINE_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/dialog/medicine-dialog.hbs`;

/** Reads the dialog's form. */
export function readMedicine(values: Record<string, unknown>): MedicineChoice {
  return {
    moreTime: values["moreTime"] === true,
    betterCircumstances: values["betterCircumstances"] === true,
  };
}

/**
 * The chance the treatment works: a Medicine roll succeeds when either die rolls at most the
 * value (the attack engine's odds of a roll against no defense: rules/twodice/odds.ts hitOdds).
 */
export function medicineOdds(
  medicine: number,
  care: MedicineChoice,
  fighting: boolean,
  options: TwodiceOptions,
): OddsPanel {
  const valued = medicineValue(medicine, care, fighting, options);
  const odds = valued.ok ? hitOdds(valued.value.value, 0, options) : valued;
  if (!odds.ok) {
    return {
      texts: { success: "—" },
      refusedText: refusalText((reason) => `FRAY.Twodice.Refusal.${reason}`, odds),
    };
  }
  return { texts: { success: percent(odds.value.hit) }, refusedText: null };
}

/** Opens the dialog; Treat sends the Medicine check to the referee. */
export async function openTwodiceMedicine(healer: Actor.Implementation) {
  const patient = targetedActors()[0] ?? healer;
  const options = twodiceOptions();
  const medicine = trait(twodiceNow(healer), "medicine");
  const fighting = inFight(healer);
  const odds = (care: MedicineChoice) => medicineOdds(medicine, care, fighting, options);
  const care = await promptAttackDialog<MedicineChoice>({
    template: TWODICE_MEDICINE_DIALOG_TEMPLATE,
    context: {
      healerName: healer.name,
      patientName: patient.name,
      medicine,
      inFight: fighting,
      gm: game.user?.isGM === true,
      timeBonus: signed(options.medicineTime),
      betterBonus: signed(options.medicineCircumstances),
      hints: {
        moreTime: fighting ? i18n().localize("FRAY.Twodice.Medicine.NoTimeInFight") : null,
      },
      oddsBox: oddsBox(odds({}), [{ key: "success", label: "FRAY.Twodice.Medicine.Success" }]),
    },
    title: i18n().format("FRAY.Twodice.Check.Medicine", { patient: patient.name }),
    classes: [SYSTEM_ID, "twodice-medicine-dialog"],
    rollLabel: "FRAY.Twodice.Medicine.Treat",
    cancelLabel: "FRAY.Twodice.Dialog.Cancel",
    read: readMedicine,
    odds,
  });
  return care === null ? null : twodiceMedicine(healer, patient, undefined, care);
}
