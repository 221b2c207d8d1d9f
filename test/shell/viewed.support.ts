/**
 * A world where nobody looks at the fight. Core v13's `game.combat` is the encounter of the scene
 * a user's canvas shows (CombatEncounters#viewed, see test/fake-foundry/scenes.ts): here the
 * combat is linked to a battle scene, the GMs prepare another scene and every player looks at a
 * third, so on every client `game.combat` is null. Rules must still find the fight an actor is
 * in (`combatOf`), on the player's client and on the referee's.
 */
import type { FakeFoundry } from "../fake-foundry/index.ts";

interface Linkable {
  update(changes: Record<string, unknown>): Promise<unknown>;
}

export async function fightOffScreen(fake: FakeFoundry, combat: unknown): Promise<void> {
  const Scene = fake.CONFIG["Scene"]?.documentClass;
  const gm = fake.users.activeGM;
  if (Scene === undefined || gm === null) throw new Error("no Scene class or no GM");
  const [battle, prep, tavern] = await fake.as(gm.id, () =>
    Scene.createDocuments([
      { name: "Battle", active: true },
      { name: "Next session" },
      { name: "Tavern" },
    ]),
  );
  if (!battle || !prep || !tavern) throw new Error("scenes not created");
  await fake.as(gm.id, () => (combat as Linkable).update({ scene: battle.id }));
  for (const user of fake.users.all) {
    fake.viewScene(user.id, user.isGM ? prep.id : tavern.id);
  }
  const g = fake.game as unknown as { combat: unknown };
  for (const user of fake.users.all) {
    if (fake.as(user.id, () => g.combat) !== null) throw new Error("someone views the fight");
  }
}
