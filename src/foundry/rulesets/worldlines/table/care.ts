/**
 * First Aid, Use Item and antidotes (rules/worldlines/use-item.ts, statuses.ts): on the targeted
 * actor, or on oneself without a target. A treatment of one's own actor touches only the user's
 * own documents and runs on their client; one given to someone else's actor is declared to the
 * referee through the card protocol, which checks the patient is one the helper may reach (same
 * running combat, or a token on its scene), rolls, writes and posts the status card. Whatever the
 * helper uses comes from the helper's own items, read by id on the side that carries it out.
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import {
  firstAidTreatment,
  useAntidote,
  useItem as useItemRule,
} from "../../../../rules/worldlines/index.ts";
import type { UsableItem } from "../../../../rules/worldlines/index.ts";
import { combatantId, resolveActor, targetedActors, withinReach } from "../../../shared/actors.ts";
import { owns } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { refused } from "../attack/declare.ts";
import { postStatusCard } from "../cards/status-card.ts";
import type { StatusLine } from "../cards/status-card.ts";
import { worldlinesOptions } from "../settings.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named, posted } from "./kit.ts";

export const TREAT_KIND = "worldlines.treat";

type Treatment = "firstAid" | "antidote" | "useItem";
const TREATMENTS: readonly string[] = ["firstAid", "antidote", "useItem"];

/** A gear item as the item actions read it (rules/worldlines/use-item.ts UsableItem). */
function usable(item: Item.Implementation): UsableItem {
  const s = item.system as unknown as { kind?: string; quantity?: number; heals?: number };
  return { kind: s.kind ?? "other", quantity: s.quantity ?? 0, heals: s.heals ?? 0 };
}

/** The helper's first-aid kit with a use left, if it carries one. */
function kitOf(actor: Actor.Implementation): Item.Implementation | null {
  return (
    actor.items.contents.find((i) => {
      const u = i.type === "gear" ? usable(i) : null;
      return u !== null && u.kind === "firstAidKit" && u.quantity > 0;
    }) ?? null
  );
}

/** One use of the item gone from its stack. */
async function useUp(item: Item.Implementation): Promise<void> {
  await item.update({ "system.quantity": Math.max(0, usable(item).quantity - 1) } as never);
}

function format(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

/**
 * First Aid on the targeted actor (or on oneself without a target): one Medicine check cures each
 * status whose TD it meets, stabilizes the dying, and the helper's first-aid kit heals.
 */
export function firstAid(actor: Actor.Implementation): Promise<boolean> {
  return treat("firstAid", actor, targetedActors()[0] ?? actor);
}

/** Use Item: a stim or an antidote on the targeted actor (or oneself), a device on oneself. */
export function useItem(actor: Actor.Implementation, item: Item.Implementation): Promise<boolean> {
  return treat("useItem", actor, targetedActors()[0] ?? actor, item.id ?? "");
}

/** Uses an antidote on the targeted actor (or oneself): Poisoned ends, no roll. */
export function antidote(actor: Actor.Implementation): Promise<boolean> {
  return treat("antidote", actor, targetedActors()[0] ?? actor);
}

/**
 * Gives a treatment: on this client when this user owns the patient, else through the referee.
 * A refusal is a warning. Resolves to whether it worked.
 */
async function treat(
  kind: Treatment,
  actor: Actor.Implementation,
  patient: Actor.Implementation,
  itemId = "",
): Promise<boolean> {
  if (owns(patient, currentUser())) {
    const done = await treatNow(kind, actor, patient, itemId);
    return done.ok ? done.value !== null : refused(done, actor, ACTION_ENERGY);
  }
  return declareFor(TREAT_KIND, actor, { kind, patientId: combatantId(patient), itemId });
}

/**
 * Checks, rolls, writes and reports a treatment on this client; resolves to its status card's
 * message (null for a First Aid that cured nothing: the card says so, the treatment did not work).
 */
async function treatNow(
  kind: Treatment,
  actor: Actor.Implementation,
  patientActor: Actor.Implementation,
  itemId: string,
): Promise<Result<ChatMessage.Implementation | null>> {
  const helper = toCombatant(actor);
  const patient = patientActor.id === actor.id ? helper : toCombatant(patientActor);
  const names = { name: actor.name, patient: patientActor.name };
  if (kind === "antidote") {
    const result = useAntidote(helper, patient);
    if (!result.ok) return result;
    await applyUpdatesBatch(result.value.updates);
    const text = format("FRAY.Worldlines.Status.AntidoteGiven", { name: patientActor.name });
    const title = format("FRAY.Worldlines.Status.AntidoteTitle", names);
    return ok(await postStatusCard(title, [{ text, bad: false }], actor));
  }
  if (kind === "useItem") return useItemNow(actor, patientActor, itemId);
  const kit = kitOf(actor);
  const { value: result } = await withDice((dice) =>
    firstAidTreatment(
      helper,
      patient,
      kit === null ? null : usable(kit),
      dice,
      worldlinesOptions(),
    ),
  );
  if (!result.ok) return result;
  await applyUpdatesBatch(result.value.updates);
  if (kit !== null) await useUp(kit);
  const { check, cured, healed, stabilized } = result.value;
  const worked = cured.length > 0 || healed > 0 || stabilized;
  const data = { natural: check.natural, total: check.total, td: check.td };
  const lines: StatusLine[] = [
    {
      text: format(
        worked ? "FRAY.Worldlines.Status.FirstAidRoll" : "FRAY.Worldlines.Status.NotTreated",
        data,
      ),
      bad: !worked,
    },
    ...effectLines(patientActor.name, result.value),
  ];
  const title = format("FRAY.Worldlines.Status.FirstAidTitle", names);
  const message = await postStatusCard(title, lines, actor);
  return ok(worked ? message : null);
}

/** What a treatment did to the patient, one line each: statuses ended, stabilized, healed. */
function effectLines(
  name: string,
  done: { cured: readonly string[]; healed: number; stabilized: boolean },
): StatusLine[] {
  return [
    ...done.cured.map((id) => ({
      text: format("FRAY.Worldlines.Status.Cured", {
        name,
        status: i18n().localize(`FRAY.Worldlines.Status.${id}.Name`),
      }),
      bad: false,
    })),
    ...(done.stabilized
      ? [{ text: format("FRAY.Worldlines.Status.Stabilized", { name }), bad: false }]
      : []),
    ...(done.healed > 0
      ? [{ text: format("FRAY.Worldlines.Status.Healed", { name, hp: done.healed }), bad: false }]
      : []),
  ];
}

/** Use Item with one of the helper's own items (by id), on this side. */
async function useItemNow(
  actor: Actor.Implementation,
  patientActor: Actor.Implementation,
  itemId: string,
): Promise<Result<ChatMessage.Implementation | null>> {
  const item = actor.items.contents.find((i) => i.id === itemId && i.type === "gear");
  if (item === undefined) return refuse("badRequest");
  const helper = toCombatant(actor);
  const patient = patientActor.id === actor.id ? helper : toCombatant(patientActor);
  const result = useItemRule(helper, patient, usable(item), worldlinesOptions());
  if (!result.ok) return result;
  await applyUpdatesBatch(result.value.updates);
  if (result.value.consumed) await useUp(item);
  const effect = (item.system as unknown as { effect?: string }).effect ?? "";
  const lines: StatusLine[] = [
    {
      text: format("FRAY.Worldlines.Status.ItemUsed", { energy: result.value.cost }),
      bad: false,
    },
    ...effectLines(patientActor.name, result.value),
    ...(effect === "" ? [] : [{ text: effect, bad: false }]),
  ];
  const title = format("FRAY.Worldlines.Status.UseItemTitle", {
    name: actor.name,
    item: item.name,
    patient: patientActor.name,
  });
  return ok(await postStatusCard(title, lines, actor));
}

/** The referee's side: the patient must be within the helper's reach; then as on the owner's client. */
export const treatDeclaration = actorDeclaration<{
  kind: Treatment;
  patientId: string;
  itemId: string;
}>({
  kind: TREAT_KIND,
  parse: ({ kind, patientId, itemId }) =>
    typeof kind === "string" &&
    TREATMENTS.includes(kind) &&
    typeof patientId === "string" &&
    (itemId === undefined || typeof itemId === "string")
      ? { kind: kind as Treatment, patientId, itemId: itemId ?? "" }
      : null,
  async act(actor, { kind, patientId, itemId }) {
    const patient = resolveActor(patientId);
    if (patient === null) return refuse("noSuchTarget");
    if (patient.id !== actor.id && !withinReach(actor, patient)) {
      return refuse("notATarget", { target: patient.name });
    }
    const done = await treatNow(kind, actor, patient, itemId);
    if (!done.ok) return named(done, actor, ACTION_ENERGY);
    return done.value === null ? { ok: true, value: false } : posted(done.value);
  },
});
