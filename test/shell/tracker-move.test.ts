/**
 * The keyboard path to move a combatant to another team (issue 29): the GM's tracker shows a
 * labelled Move button on each combatant; pressing it asks which team (every team but its own)
 * and moves it through the same action a drag takes. Closing the dialog moves nothing; a player
 * has no button, and pressing the action from the console asks nothing and moves nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { setUpTeamCombat } from "./team-combat.support.ts";
import { flowWorld, trackerDriver } from "./combat-flow.support.ts";

const world = flowWorld("worldlines");
const { teamId, membersOf, whenIdle } = world;

beforeEach(() => {
  world.fake.dialogs.asked.length = 0;
  world.fake.dialogs.fields = null;
});

afterEach(async () => {
  world.fake.setUser(GM.id);
  const combats = world.fake.game.combats.contents.map((c) => c.id);
  const cls = world.fake.CONFIG["Combat"]?.documentClass;
  if (cls && combats.length > 0) await cls.deleteDocuments(combats);
  (globalThis as unknown as { ui: { combat?: unknown } }).ui.combat = undefined;
});

const groupOf = (combatant: unknown) => (combatant as { group: string }).group;

describe("the Move button on a combatant", () => {
  it("is shown to the GM on every combatant, named for it", async () => {
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    const rows = (await trackerDriver(world.fake).render()).blocks.flatMap((b) => b.members);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ canMove: true, moveLabel: `Move ${row.name} to another team` });
    }
    world.fake.setUser(PLAYER.id);
    const seen = (await trackerDriver(world.fake).render()).blocks.flatMap((b) => b.members);
    expect(seen.some((row) => row.canMove)).toBe(false);
    expect(combat.combatants.size).toBe(3);
  });

  it("asks the GM for one of the other teams and moves the combatant there", async () => {
    const combat = await setUpTeamCombat(world.fake, 2, whenIdle);
    const tracker = trackerDriver(world.fake);
    const friendly = (await tracker.render()).blocks.find(
      (b) => b.id === teamId(combat, "Friendly"),
    );
    const member = friendly?.members[0];
    const hostile = teamId(combat, "Hostile");
    world.fake.dialogs.fields = { team: hostile };
    await tracker.press("frayMoveTeam", { block: friendly, member });
    await whenIdle();
    const asked = world.fake.dialogs.asked.at(-1);
    expect(asked?.title).toBe(`Move ${member?.name ?? ""} to another team`);
    expect(asked?.content).toContain(">Hostile</option>");
    expect(asked?.content).toContain(">Neutral</option>");
    expect(asked?.content).not.toContain(">Friendly</option>");
    expect(groupOf(combat.combatants.get(member?.id ?? ""))).toBe(hostile);
    expect(membersOf(combat, "Hostile")).toHaveLength(3);
    // The tracker now draws it in the Hostile block.
    const after = (await tracker.render()).blocks.find((b) => b.id === hostile);
    expect(after?.members.map((m) => m.id)).toContain(member?.id);
  });

  it("moves nothing when the GM closes the dialog", async () => {
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    const tracker = trackerDriver(world.fake);
    const block = (await tracker.render()).blocks.find((b) => b.id === teamId(combat, "Friendly"));
    const member = block?.members[0];
    const writes = world.fake.db.calls.length;
    await tracker.press("frayMoveTeam", { block, member });
    await whenIdle();
    expect(world.fake.dialogs.asked).toHaveLength(1);
    expect(world.fake.db.calls.length).toBe(writes);
    expect(groupOf(combat.combatants.get(member?.id ?? ""))).toBe(teamId(combat, "Friendly"));
  });

  it("asks a player nothing and moves nothing, even pressed from the console", async () => {
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    const tracker = trackerDriver(world.fake);
    const block = (await tracker.render()).blocks.find((b) => b.id === teamId(combat, "Friendly"));
    const member = block?.members[0];
    world.fake.setUser(PLAYER.id);
    world.fake.dialogs.fields = { team: teamId(combat, "Hostile") };
    const writes = world.fake.db.calls.length;
    await tracker.press("frayMoveTeam", { block, member });
    await whenIdle();
    expect(world.fake.dialogs.asked).toHaveLength(0);
    expect(world.fake.db.calls.length).toBe(writes);
    world.fake.setUser(GM.id);
  });
});

describe("the fake's DialogV2.prompt (core's: OK calls back with the dialog's form)", () => {
  const prompt = (fields: Record<string, string> | null) => {
    world.fake.dialogs.fields = fields;
    const api = (
      globalThis as unknown as {
        foundry: { applications: { api: { DialogV2: { prompt(o: object): Promise<unknown> } } } };
      }
    ).foundry.applications.api.DialogV2;
    return api.prompt({
      window: { title: "Pick" },
      content:
        '<select name="team"><option value="a">A</option><option value="b">B</option></select>',
      ok: {
        callback: (_e: unknown, button: { form: HTMLFormElement }) =>
          (button.form.elements.namedItem("team") as HTMLSelectElement | null)?.value,
      },
    });
  };

  it("resolves to the OK callback's answer read from the form, or null when closed", async () => {
    await expect(prompt({ team: "b" })).resolves.toBe("b");
    await expect(prompt(null)).resolves.toBeNull();
  });

  it("lets the user pick only what a select offers", async () => {
    await expect(prompt({ team: "z" })).rejects.toThrow("offers no z");
    await expect(prompt({ colour: "red" })).rejects.toThrow("no field colour");
  });
});
