/** The two-dice fixtures both hostile-input suites (issue 30) start from. */
import * as td from "./index.ts";

export const kara = td.makeTwodiceCombatant({ id: "kara", unarmedDefense: 3 });
export const brute = td.makeTwodiceCombatant({
  id: "brute",
  armor: [{ id: "vest", name: "Vest", coverage: 12, protection: 3 }],
});
export const sword = td.makeTwodiceWeapon({ id: "sword", attack: 12, defense: 6, damage: 2 });
export const gun = td.makeTwodiceWeapon({
  id: "gun",
  kind: "ranged",
  attack: 12,
  defense: 6,
  damage: 3,
  range: 4,
  type: { kind: "capacity", rounds: 2 },
});
export const melee: td.AttackInput = {
  attacker: kara,
  defender: brute,
  weapon: sword,
  situation: {},
};
export const BUILT_IN = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];
