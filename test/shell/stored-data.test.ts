/**
 * Stored data in every shape Fray has shipped (test/fixtures/stored) loads, strictly as core
 * loads a world, without a single invalid document, and the GM's migration at `ready` brings it
 * to the current shape with nothing lost: every stored value is either kept as it was, brought
 * into the current rules (a value over its maximum, a number past a bound, with each case listed
 * here), and a document with such a change keeps its stored data as it was in `system.kept.v0`.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import type { StoredWorld } from "../fake-foundry/world-load.ts";
import { actorsOf, boot, itemsOf, systemOf } from "./world-reload.support.ts";
import type { Session } from "./world-reload.support.ts";

interface Fixture extends StoredWorld {
  ruleset: string;
}

function fixture(name: string): Fixture {
  const path = resolve(REPO_ROOT, "test/fixtures/stored", `${name}.json`);
  return JSON.parse(readFileSync(path, "utf8")) as Fixture;
}

/** Every leaf of a stored system, by dotted path. */
function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return [[prefix, value]];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    leaves(inner, prefix ? `${prefix}.${key}` : key),
  );
}

const at = (data: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);

/** Every stored document of a world, with its loaded system, by id. */
function loaded(session: Session): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const actor of actorsOf(session.fake)) {
    out.set(actor.id, systemOf(actor));
    for (const item of itemsOf(actor)) out.set(item.id, systemOf(item));
  }
  for (const item of session.fake.game.items.contents) out.set(item.id, systemOf(item));
  return out;
}

function storedDocuments(world: StoredWorld) {
  // The world's actors, their items, and the world's items, as stored.
  return [...world.Actor, ...world.Actor.flatMap((a) => (a["items"] ?? []) as typeof world.Item)]
    .concat(world.Item)
    .map((doc) => doc as { _id: string; system: Record<string, unknown>; flags?: unknown });
}

/**
 * Loads a fixture with a ruleset and checks: nothing invalid, each stored value kept unless
 * `changed` names its new value, the backup flag holds the stored data, version 1 is stored.
 */
async function migrates(
  name: string,
  ruleset: string,
  changed: Record<string, unknown>,
): Promise<void> {
  const world = fixture(name);
  const session = await boot(ruleset, { Actor: world.Actor, Item: world.Item });
  expect(session.invalid).toEqual({ Actor: [], Item: [] });
  const systems = loaded(session);
  const saved = storedDocuments(session.save());
  const seen = new Set<string>();
  for (const doc of storedDocuments(world)) {
    const system = systems.get(doc._id);
    expect(system, doc._id).toBeDefined();
    for (const [path, value] of leaves(doc.system)) {
      const key = `${doc._id}:${path}`;
      if (key in changed) {
        seen.add(key);
        expect(at(system, path), key).toEqual(changed[key]);
      } else if (at(system, path) !== undefined) {
        expect(at(system, path), key).toEqual(value);
      }
    }
    const after = saved.find((record) => record._id === doc._id);
    expect(at(after?.system, "schemaVersion"), doc._id).toBe(1);
    const hadToChange = Object.keys(changed).some((key) => key.startsWith(`${doc._id}:`));
    expect(at(after?.system, "kept.v0"), doc._id).toEqual(hadToChange ? doc.system : undefined);
  }
  expect([...seen].sort()).toEqual(Object.keys(changed).sort());
}

describe("stored data of every shape Fray shipped", { timeout: 60_000 }, () => {
  it("generic models (first build), in a Freelancers world that now has its own", async () => {
    // Freelancers has no Energy (it stays in the kept copy), and cannot roll "2d6 fire".
    await migrates("generic-v0", "freelancers", {
      "genericchar00001:health.value": 5,
      "genericitem00001:damage": "1d6",
    });
  });

  it("generic models, in a world that played Worldlines before it had its own", async () => {
    await migrates("generic-v0", "worldlines", {
      "genericchar00001:health.value": 5,
      "genericchar00001:energy.value": 1,
      "genericnpc000001:health.value": 999,
      "genericnpc000001:health.max": 999,
      // Worldlines cannot roll "2d6 fire": the default comes in, the text stays in the backup.
      "genericitem00001:damage": "1d6",
      "genericitem00003:quantity": 999,
      "genericitem00004:energyCost": 20,
    });
  });

  it("generic models, in a world that played WWN before it had its own", async () => {
    await migrates("generic-v0", "wwn", {
      "genericchar00001:health.value": 5,
      "genericnpc000001:health.value": 999,
      "genericnpc000001:health.max": 999,
      "genericitem00001:damage": "1d6",
      "genericitem00003:quantity": 999,
    });
  });

  // Their item models read another model's values through the shared fitting alone (no migration
  // of their own): what only the generic weapon accepted takes the default.
  it("generic models, in a dice-pool world that now has its own", async () => {
    await migrates("generic-v0", "dicepool", {
      "genericchar00001:energy.value": 1,
      "genericitem00001:damage": 0,
    });
  });

  it("generic models, in a two-dice world that now has its own", async () => {
    await migrates("generic-v0", "twodice", {
      "genericitem00001:damage": 0,
      "genericitem00003:quantity": 999,
    });
  });

  it("Worldlines models: Energy 999 of 1 and 30 rounds of 5 come back at their maximum", async () => {
    await migrates("worldlines-v0", "worldlines", {
      "worldlineschar01:energy.value": 1,
      "worldlinesitem01:ammo.value": 5,
    });
  });

  it("WWN models: health 30 of 5 comes back at 5, and the helpless actor stays helpless", async () => {
    await migrates("wwn-v0", "wwn", { "wwncharacter0001:health.value": 5 });
  });
});
