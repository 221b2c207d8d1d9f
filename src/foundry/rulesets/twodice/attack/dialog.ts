/**
 * The two-dice attack dialog: the move the attack is part of (move + melee, move + half and
 * shoot), whether the shooter moved (or turns more than 90°), and for a shot a target modifier and
 * cover, and a distance when no scene measures it: a player's are claims the GM confirms on the
 * card (claims.ts), a GM's are the GM's calls, with the target's awareness and hiding. The odds panel shows the
 * exact chance to hit and the expected damage after the target's armor, from the rules engine,
 * as the choices change. Roll sends the attack to the referee. A shot's fields show for a shot, a
 * blow's for a blow, and "I moved" only when no move is declared with the attack (a move and a
 * shot is a move already): TWODICE_DIALOG_FIELDS.
 */
import { refusalText } from "../../../shared/refusal.ts";
import type { AttackInput } from "../../../../rules/twodice/attack.ts";
import { attackOdds } from "../../../../rules/twodice/odds.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { canvasDistance, targetedActors } from "../../../shared/actors.ts";
import { singleTarget } from "../../../shared/attack.ts";
import { oddsBox, promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsLine, OddsPanel } from "../../../shared/attack-dialog.ts";
import { hiddenFields } from "../../../shared/dialog-fields.ts";
import type { FieldRule } from "../../../shared/dialog-fields.ts";
import { i18n } from "../../../shared/env.ts";
import { toTwodiceWeapon, warnTwodiceRefusal } from "../adapter.ts";
import { twodiceNow } from "../budget.ts";
import { settleTwodiceAgainstScene, twodiceScene, twodiceScenePrefill } from "../scene.ts";
import { twodiceOptions } from "../settings.ts";
import { ATTACK_MOVES, declareTwodiceAttack, situationOf } from "./declare.ts";
import type { AttackMode, TwodiceChoices } from "./declare.ts";
import { turnedToFire } from "./facing.ts";

export const TWODICE_ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/dialog/attack-dialog.hbs`;

type Choices = TwodiceChoices;

/**
 * Which fields apply to which attack: a shot's claims (moved, distance, target modifier, cover,
 * hiding) to a ranged weapon, the defender's awareness to a blow; "I moved" only with no move
 * declared (moving and shooting is a move already: declare.ts situationOf). The weapon's kind is
 * the dialog's fact (dialog-fields.ts).
 */
export const TWODICE_DIALOG_FIELDS: FieldRule = {
  moved: { weapon: ["ranged"], move: [""] },
  distance: { weapon: ["ranged"] },
  targetModifier: { weapon: ["ranged"] },
  cover: { weapon: ["ranged"] },
  hidden: { weapon: ["ranged"] },
  awareness: { weapon: ["melee"] },
};

const ODDS_LINES: readonly OddsLine[] = [
  { key: "value", label: "FRAY.Twodice.Card.AttackValue" },
  { key: "defense", label: "FRAY.Twodice.Dialog.Defense" },
  { key: "hit", label: "FRAY.Twodice.Dialog.Hit" },
  { key: "both", label: "FRAY.Twodice.Dialog.Both" },
  { key: "damage", label: "FRAY.Twodice.Dialog.Damage" },
  { key: "out", label: "FRAY.Twodice.Dialog.Out" },
];

/** Reads the form: the attacker's own choices, and its claims or the GM's calls. */
export function readChoices(values: Record<string, unknown>, mode: AttackMode): Choices {
  const number = (key: string) => {
    const n = Number(values[key] ?? 0);
    return Number.isFinite(n) ? n : Number.NaN;
  };
  const move = ATTACK_MOVES.find((m) => m === values["move"]);
  return {
    mode,
    moved: values["moved"] === true,
    ...(move === undefined ? {} : { move }),
    awareness: (values["awareness"] as TwodiceChoices["awareness"]) ?? "aware",
    targetModifier: number("targetModifier"),
    cover: values["cover"] === "" || values["cover"] === undefined ? [] : [number("cover")],
    ...(values["distance"] === undefined || values["distance"] === ""
      ? {}
      : { distance: number("distance") }),
    hidden: values["hidden"] === true,
  };
}

const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

/** The odds panel for an attack as the form describes it. */
export function twodiceOddsPanel(input: AttackInput): OddsPanel {
  const odds = attackOdds(input, twodiceOptions());
  if (!odds.ok) {
    return {
      texts: { value: "—", defense: "—", hit: "—", both: "—", damage: "—", out: "—" },
      refusedText: refusalText((reason) => `FRAY.Twodice.Refusal.${reason}`, odds),
    };
  }
  return {
    texts: {
      value: String(odds.value.setup.value),
      defense: String(odds.value.setup.defense),
      hit: percent(odds.value.hit),
      both: percent(odds.value.bothHit),
      damage: odds.value.expectedDamage.toFixed(2),
      out: percent(odds.value.incapacitate),
    },
    refusedText: null,
  };
}

/** Opens the dialog for an attack on the one targeted token; Roll sends it to the referee. */
export async function openTwodiceAttack(
  actor: Actor.Implementation,
  weaponItem: Item.Implementation,
  mode: AttackMode,
): Promise<string | null> {
  const single = singleTarget(weaponItem, targetedActors());
  if (!single.ok) {
    warnTwodiceRefusal(single);
    return null;
  }
  const target = single.value;
  const attacker = twodiceNow(actor);
  const defender = twodiceNow(target);
  const weapon = toTwodiceWeapon(weaponItem);
  const gm = game.user?.isGM === true;
  const measured = canvasDistance(actor, target, "m");
  // The scene's calls (scene.ts): whether the shooter moved, whether the target is hidden.
  const scene = twodiceScene(actor, target);
  // The shooter turns more than 90° to fire (its token's rotation, as the referee measures it).
  const turned = weapon.kind === "ranged" && turnedToFire(actor, target);
  const prefill = scene === null ? null : twodiceScenePrefill(scene, turned);
  // The odds of what the form says: a player's claims as if the GM confirms them, the scene's
  // calls where it makes them (as the referee settles them).
  const inputOf = (choices: Choices): AttackInput => ({
    attacker,
    defender,
    weapon,
    situation: situationOf(
      gm || scene === null ? choices : settleTwodiceAgainstScene(scene, choices, turned),
      measured,
    ),
  });
  const initial = { ...readChoices({}, mode), ...prefill?.choices };
  const first = twodiceOddsPanel(inputOf(initial));
  const t = i18n();
  const facts = { weapon: weapon.kind };
  const detail = [
    ...(mode === "auto" ? [t.localize("FRAY.Twodice.Card.Auto")] : []),
    ...(measured === null ? [] : [`${measured.toFixed(1)} m`]),
  ];
  const choices = await promptAttackDialog<Choices>({
    template: TWODICE_ATTACK_DIALOG_TEMPLATE,
    context: {
      attackerName: actor.name,
      defenderName: target.name,
      weaponName: weaponItem.name,
      whoDetail: detail.join(" · "),
      ranged: weapon.kind === "ranged",
      gm,
      // No scene to measure: the attacker gives the distance (a player's, for the GM to confirm).
      askDistance: measured === null,
      moves: ATTACK_MOVES.filter((m) =>
        m === "moveAndMelee"
          ? weapon.kind === "melee" && mode === "single"
          : weapon.kind === "ranged",
      ).map((value) => ({ value, label: i18n().localize(`FRAY.Twodice.Action.${value}`) })),
      moved: initial.moved === true,
      hidden: initial.hidden === true,
      sceneNotes: prefill?.notes ?? [],
      hints: {
        moved: t.localize("FRAY.Twodice.Dialog.MovedHint"),
        targetModifier: t.localize("FRAY.Twodice.Dialog.TargetModifierHint"),
        cover: t.localize("FRAY.Twodice.Dialog.CoverHint"),
      },
      hide: hiddenFields(TWODICE_DIALOG_FIELDS, { ...facts, move: "" }),
      odds: first.texts,
      oddsBox: oddsBox(first, ODDS_LINES),
    },
    title: i18n().format("FRAY.Twodice.Dialog.Title", { weapon: weaponItem.name }),
    classes: [SYSTEM_ID, "twodice-attack-dialog"],
    rollLabel: "FRAY.Twodice.Dialog.Roll",
    cancelLabel: "FRAY.Twodice.Dialog.Cancel",
    read: (values) => readChoices(values, mode),
    odds: (c) => twodiceOddsPanel(inputOf(c)),
    fields: TWODICE_DIALOG_FIELDS,
    facts,
  });
  if (choices === null) return null;
  // A waiting character's attack cuts in (out of its side's turn, before or after what it answers).
  const cutIn = attacker.turn.waiting !== null;
  return declareTwodiceAttack(actor, weaponItem, target, {
    ...choices,
    ...(cutIn ? { cutIn } : {}),
  });
}
