/**
 * The WWN sheet's rows and buttons on the hotbar (issue 26; sheet-hotbar.support.ts). The sheet is
 * rendered in the fake as its users see it (a player's character in a fight, holding a captive;
 * the GM's bandit, held), and every button with an action is found there: each must reach the
 * hotbar (dragged itself, or its row's item for the row's own use: a weapon's Attack, a spell's
 * Cast), save the sheet's housekeeping, so a new button with no macro fails here. Each is dropped
 * on the hotbar through core's `hotbarDrop`, and its macro run for the selected token changes what
 * the click changes, in a fresh copy of the same fight on the same dice (the same cards, warnings,
 * dialogs and stored documents), refusals included (out of turn, a weapon that cannot). With no
 * token selected and no character, every macro says so and changes nothing.
 */
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { describeSheetHotbar } from "./sheet-hotbar.support.ts";
import type { HotbarCase } from "./sheet-hotbar.support.ts";

const KARA = {
  name: "Kara",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: {
    health: { value: 10, max: 10 },
    attributes: { str: 14 },
    skills: { punch: 1, stab: 1, shoot: 1 },
    spellSlots: { value: 2, max: 2 },
  },
  items: [
    // The maneuvers row opens on the first readied weapon: an axe that can shatter a shield.
    { name: "Axe", type: "weapon", system: { damage: "1d8", skill: "stab", crushing: true } },
    { name: "Fists", type: "weapon", system: { damage: "1d2", skill: "punch", unarmed: true } },
    {
      name: "Crossbow",
      type: "weapon",
      system: { damage: "1d10", skill: "shoot", mode: "ranged", reload: "slow", loaded: false },
    },
    {
      name: "Shortbow",
      type: "weapon",
      system: {
        damage: "1d6",
        skill: "shoot",
        mode: "ranged",
        reload: "bow",
        loaded: false,
        ammo: { value: 3, max: 10 },
      },
    },
    { name: "Dagger", type: "weapon", system: { damage: "1d4", skill: "stab", readied: false } },
    { name: "Leather", type: "armor", system: { kind: "armor", ac: 13, equipped: true } },
    { name: "Sleep", type: "technique", system: { spell: true, spellLevel: 1 } },
  ],
};

const BANDIT = {
  name: "Bandit",
  type: "npc",
  system: {
    health: { value: 8, max: 8 },
    morale: 7,
    saves: { physical: 15, evasion: 15, mental: 15 },
  },
  items: [
    { name: "Spear", type: "weapon", system: { damage: "1d6", skill: "stab" } },
    { name: "Buckler", type: "armor", system: { kind: "shield", equipped: true } },
  ],
};

/**
 * Where a case starts: Kara's turn beside the bandit, or the bandit's; Kara holding the bandit
 * she grappled, on her turn of the next round, or on the bandit's turn then.
 */
type Start = "karaTurn" | "banditTurn" | "holding" | "held";

type Turns = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  nextRound(): Promise<unknown>;
};

const kara = (target?: "foe", start: Start = "karaTurn"): HotbarCase<Start> => ({
  sheet: "mine",
  start,
  ...(target === undefined ? {} : { target }),
});
const gm = (target?: "mine", start: Start = "karaTurn"): HotbarCase<Start> => ({
  sheet: "foe",
  start,
  ...(target === undefined ? {} : { target }),
});
/** A charge from three squares away. */
const charge = (c: HotbarCase<Start>) => ({ ...c, foeAt: { col: 3, row: 0 } });

describeSheetHotbar<Start>({
  ruleset: "wwn",
  grid: { distance: 5, units: "ft" },
  sheetClass: async () =>
    (await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts")).WwnActorSheet,
  mine: KARA,
  foe: BANDIT,
  async start(w, f, start) {
    const combat = f.combat as Turns;
    if (start === "banditTurn") {
      await combat.activateCombatant(f.idOf(f.foe));
      await w.idle();
    }
    if (start === "holding" || start === "held") {
      // Kara grapples the bandit with her fists (every die shows its top face: she wins).
      const maneuvers = await import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");
      w.fake.setUser(PLAYER.id);
      w.table.target(f.foe);
      const fists = f.mine.items.contents.find((i) => i.name === "Fists");
      await maneuvers.declareWwnManeuver(f.mine, "grapple", {}, fists);
      await w.idle();
      // The GM starts the next round; Kara's turn again, or the bandit's.
      w.fake.setUser(GM.id);
      await combat.nextRound();
      await w.idle();
      await combat.activateCombatant(f.idOf(start === "held" ? f.foe : f.mine));
      await w.idle();
    }
  },
  renders: ["karaTurn", "holding", "held"],
  rowUses: ["attack", "cast"],
  // Open or delete an item, put armor on or off: no action of the table.
  housekeeping: ["editItem", "deleteItem", "toggleEquipped"],
  cases: {
    totalDefense: kara(),
    fightingWithdrawal: kara(),
    run: kara(),
    prone: kara(),
    hold: kara(),
    // Delay and Screen name the one target, where the sheet's select names the same bandit.
    delay: kara("foe"),
    screen: kara("foe"),
    joinSwarm: kara("foe"),
    // The maneuvers row as it opens: the axe (it cannot grapple), a man-sized target, melee.
    "maneuver kind=shove effect=push": kara("foe"),
    "maneuver kind=shove effect=prone": kara("foe"),
    "maneuver kind=grapple": kara("foe"),
    "maneuver kind=shatter": kara("foe"),
    "maneuver kind=execution": kara("foe"),
    "maneuver kind=moveGrappled effect=drag": kara(undefined, "holding"),
    "maneuver kind=moveGrappled effect=throw": kara(undefined, "holding"),
    release: kara(undefined, "holding"),
    "maneuver kind=escape": gm(undefined, "held"),
    useSkill: kara(),
    morale: gm(),
    "callSave save=physical": gm("mine"),
    "callSave save=evasion": gm("mine"),
    "callSave save=mental": gm("mine"),
    jostle: gm(),
    // Charge runs to the bandit, then opens the attack dialog (closed here).
    "charge @ Fists": charge(kara("foe")),
    "charge @ Axe": charge(kara("foe")),
    "charge @ Dagger": charge(kara("foe")),
    "reload @ Crossbow": kara(),
    "reload @ Shortbow": kara(),
    "refill @ Shortbow": kara(),
    "toggleReadied @ Fists": kara(),
    "toggleReadied @ Axe": kara(),
    "toggleReadied @ Crossbow": kara(),
    "toggleReadied @ Shortbow": kara(),
    "toggleReadied @ Dagger": kara(),
    "drop @ Fists": kara(),
    "drop @ Axe": kara(),
    "drop @ Crossbow": kara(),
    "drop @ Shortbow": kara(),
    "pickUp @ Dagger": kara(),
    // The GM's bandit, on its turn, at Kara.
    "charge @ Spear": charge(gm("mine", "banditTurn")),
    "toggleReadied @ Spear": gm(undefined, "banditTurn"),
    "drop @ Spear": gm(undefined, "banditTurn"),
  },
  refused: [
    { key: "reload @ Crossbow", case: kara(undefined, "banditTurn") },
    { key: "maneuver kind=shove effect=prone", case: kara("foe", "banditTurn") },
    { key: "maneuver kind=shove effect=prone", case: kara() },
    { key: "run", case: kara(undefined, "banditTurn") },
    { key: "hold", case: kara(undefined, "banditTurn") },
  ],
});
