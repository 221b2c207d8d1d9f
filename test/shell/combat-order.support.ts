/**
 * A world of the given ruleset whose dice always roll their highest face, and a helper that
 * starts a combat of the given actors and reads each team's order value by team name; and the
 * combat of new actors itself (`combatOf`), for a test that rolls its own dice.
 */
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

/** A combat (not started) of new actors made from `sources`, each a combatant, its teams set. */
export async function combatOf(
  fake: FakeFoundry,
  sources: Record<string, unknown>[],
): Promise<Combat.Implementation> {
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments(sources);
  const combat = (await Combat.create({})) as unknown as Combat.Implementation | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  return combat;
}

export async function orderWorld(ruleset: string) {
  const fake = installFakeFoundry({ settings: { "fray.ruleset": ruleset }, random: () => 0.999 });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const { teamOrderValue } = await import("../../src/foundry/combat/state.ts");
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");

  return async function startedCombat(sources: Record<string, unknown>[]) {
    const combat = await combatOf(fake, sources);
    await combat.startCombat();
    await whenIdle();
    return (name: string) => {
      const team = combat.groups.contents.find((group) => group.name === name);
      return team === undefined ? undefined : teamOrderValue(team);
    };
  };
}
