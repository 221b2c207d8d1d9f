/**
 * The sheet's Medicine: a dialog for what the book's bonuses need (more time, the healer's own
 * choice and never in a fight; better circumstances, the GM's call, offered to a GM only), then
 * the Medicine check card (table/checks.ts), on the one targeted token's actor or on itself.
 */
import { trait } from "../../../../rules/twodice/model.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { promptAttackDialog } from "../../../shared/attack-dialog.ts";
import { i18n } from "../../../shared/env.ts";
import { signed } from "../../../shared/format.ts";
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

/** Opens the dialog; Treat sends the Medicine check to the referee. */
export async function openTwodiceMedicine(healer: Actor.Implementation) {
  const patient = targetedActors()[0] ?? healer;
  const options = twodiceOptions();
  const care = await promptAttackDialog<MedicineChoice>({
    template: TWODICE_MEDICINE_DIALOG_TEMPLATE,
    context: {
      healerName: healer.name,
      patientName: patient.name,
      medicine: trait(twodiceNow(healer), "medicine"),
      inFight: inFight(healer),
      gm: game.user?.isGM === true,
      timeBonus: signed(options.medicineTime),
      betterBonus: signed(options.medicineCircumstances),
    },
    title: i18n().format("FRAY.Twodice.Check.Medicine", { patient: patient.name }),
    classes: [SYSTEM_ID, "twodice-medicine-dialog"],
    rollLabel: "FRAY.Twodice.Medicine.Treat",
    cancelLabel: "FRAY.Twodice.Dialog.Cancel",
    read: readMedicine,
    odds: () => ({ texts: {}, refusedText: null }),
  });
  return care === null ? null : twodiceMedicine(healer, patient, undefined, care);
}
