/**
 * `npm run bench`, second part: how the combat tracker's render time grows with the fight. For 50
 * and 500 combatants in three teams mid-round: the tracker's context preparation
 * (`trackerContext`, what FrayCombatTracker hands its template) plus rendering
 * templates/combat/tracker.hbs with the real handlebars package, in Node on the test fake. The
 * ratio of the two is ~10 when the render scales linearly.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { GM, REPO_ROOT, installFakeFoundry } from "../test/fake-foundry/index.ts";

const SIZES = [50, 500] as const;
const RUNS = 40;

const fake = installFakeFoundry();
await import("../src/fray.ts");
await fake.hooks.callAsync("init");
const { trackerContext } = await import("../src/foundry/combat/tracker.ts");
const { whenIdle } = await import("../src/foundry/combat/actions.ts");

const hbs = Handlebars.create();
hbs.registerHelper("localize", (key: unknown) => fake.i18n.localize(String(key)));
hbs.registerHelper("eq", (a: unknown, b: unknown) => a === b);
const template = hbs.compile(
  readFileSync(resolve(REPO_ROOT, "templates/combat/tracker.hbs"), "utf8"),
);

async function combatOf(size: number) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments(
    Array.from({ length: size }, (_, i) => ({
      name: `Fighter ${String(i + 1)}`,
      type: "npc",
      prototypeToken: { disposition: [1, -1, 0][i % 3] },
      system: { health: { value: 10, max: 20 }, energy: { value: 3, max: 6 } },
    })),
  );
  const combat = (await Combat.create({})) as unknown as Combat.Implementation & {
    activateCombatant(id: string): Promise<unknown>;
    endCombatantTurn(id: string): Promise<unknown>;
  };
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  await combat.startCombat();
  return combat;
}

const user = fake.users.get(GM.id) as unknown as User.Implementation;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
let chars = 0;
const times: Record<number, number> = {};
for (const size of SIZES) {
  const combat = await combatOf(size);
  const render = () => template({ fray: trackerContext(combat, user) });
  for (let i = 0; i < 5; i++) chars += render().length;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    chars += render().length;
    samples.push(performance.now() - start);
  }
  times[size] = median(samples);
}

const [small, large] = SIZES;
const ratio = (times[large] ?? 0) / (times[small] ?? 1);
console.log("Combat tracker render (context + template, median of 40)");
for (const size of SIZES) {
  const ms = times[size] ?? 0;
  console.log(
    `  ${String(size).padStart(3)} combatants: ${ms.toFixed(2)} ms (${((ms / size) * 1000).toFixed(1)} µs per combatant)`,
  );
}
console.log(
  `  ratio ${String(large)}/${String(small)}: ${ratio.toFixed(1)}× for ${String(large / small)}× the combatants (linear is ${String(large / small)}×)`,
);
if (chars === 0) console.log("(unreachable)");
