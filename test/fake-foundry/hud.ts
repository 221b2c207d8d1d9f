/**
 * Core v13's token HUD and status effects, as far as Fray leans on them:
 * - `CORE_STATUS_EFFECTS`: core's default CONFIG.statusEffects (ids, names, core icons), which a
 *   system may replace or extend at init;
 * - `TokenHUD` (foundry.applications.hud.TokenHUD, CONFIG.Token.hudClass's default; core builds
 *   the canvas' HUD from CONFIG.Token.hudClass when the canvas is set up, after init):
 *   `bind(token)` binds it to a token placeable and renders it; `actor` is the token's actor;
 *   `_getStatusEffectChoices()` is core's palette: every CONFIG.statusEffects entry the HUD
 *   shows (`hud: false` hides it, `hud.actorTypes` limits it), each active when the actor has an
 *   effect that is that status (the entry's `_id`, else an effect whose only status it is) and
 *   an overlay when that effect says so; `cssClass` "active"/"overlay" as the template shows it;
 *   its `effect` action (a click on a status icon; right click is the overlay) calls
 *   `actor.toggleStatusEffect(id, { active: !shownActive, overlay })`, or warns without an actor.
 * - `clickStatus(hud, statusId, button)`: the fake's stand-in for the user's click on that icon
 *   as the rendered HUD shows it.
 */
import { ApplicationV2 } from "./applications.ts";
import { world } from "./world.ts";

/** Core v13's default status effects (CONFIG.statusEffects before a system changes it). */
export const CORE_STATUS_EFFECTS: readonly { id: string; name: string; img: string }[] = [
  ["dead", "EFFECT.StatusDead", "skull"],
  ["unconscious", "EFFECT.StatusUnconscious", "unconscious"],
  ["sleep", "EFFECT.StatusAsleep", "sleep"],
  ["stun", "EFFECT.StatusStunned", "daze"],
  ["prone", "EFFECT.StatusProne", "falling"],
  ["restrain", "EFFECT.StatusRestrained", "net"],
  ["paralysis", "EFFECT.StatusParalysis", "paralysis"],
  ["fly", "EFFECT.StatusFlying", "wing"],
  ["blind", "EFFECT.StatusBlind", "blind"],
  ["deaf", "EFFECT.StatusDeaf", "deaf"],
  ["silence", "EFFECT.StatusSilenced", "silenced"],
  ["fear", "EFFECT.StatusFear", "terror"],
  ["burning", "EFFECT.StatusBurning", "fire"],
  ["frozen", "EFFECT.StatusFrozen", "frozen"],
  ["shock", "EFFECT.StatusShocked", "lightning"],
  ["corrode", "EFFECT.StatusCorrode", "acid"],
  ["bleeding", "EFFECT.StatusBleeding", "blood"],
  ["disease", "EFFECT.StatusDisease", "biohazard"],
  ["poison", "EFFECT.StatusPoison", "poison"],
  ["curse", "EFFECT.StatusCursed", "sun"],
  ["regen", "EFFECT.StatusRegen", "regen"],
  ["degen", "EFFECT.StatusDegen", "degen"],
  ["hover", "EFFECT.StatusHover", "wingfoot"],
  ["burrow", "EFFECT.StatusBurrow", "mole"],
  ["upgrade", "EFFECT.StatusUpgrade", "upgrade"],
  ["downgrade", "EFFECT.StatusDowngrade", "downgrade"],
  ["invisible", "EFFECT.StatusInvisible", "invisible"],
  ["target", "EFFECT.StatusTarget", "target"],
  ["eye", "EFFECT.StatusMarked", "eye"],
  ["bless", "EFFECT.StatusBlessed", "angel"],
  ["fireShield", "EFFECT.StatusFireShield", "fire-shield"],
  ["coldShield", "EFFECT.StatusIceShield", "ice-shield"],
  ["magicShield", "EFFECT.StatusMagicShield", "mage-shield"],
  ["holyShield", "EFFECT.StatusHolyShield", "holy-shield"],
].map(([id, name, icon]) => ({ id: id ?? "", name: name ?? "", img: `icons/svg/${icon}.svg` }));

interface StatusEntry {
  id: string;
  _id?: string;
  name?: string;
  img?: string;
  hud?: boolean | { actorTypes?: string[] };
}

interface EffectLike {
  id: string;
  statuses: Set<string>;
  flags?: { core?: { overlay?: boolean } };
}

interface HudActor {
  type: string;
  effects: { contents: EffectLike[] };
  toggleStatusEffect(id: string, options: { active: boolean; overlay: boolean }): Promise<unknown>;
}

/** A token placeable, as the HUD reads it. */
export interface HudToken {
  document: { actor: HudActor | null };
}

export interface StatusChoice {
  id: string;
  _id?: string;
  title: string;
  src: string;
  isActive: boolean;
  isOverlay: boolean;
  cssClass: string;
}

type EffectHandler = (this: TokenHUD, event: { button: number }, target: HudTarget) => unknown;

interface HudTarget {
  dataset: { statusId: string };
  classList: { contains(name: string): boolean };
}

export class TokenHUD extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    id: "token-hud",
    // Core's ApplicationV2 calls an action's handler with the application as `this`.
    actions: {
      effect: {
        handler(this: TokenHUD, event: { button: number }, target: HudTarget) {
          return TokenHUD.onToggleEffect.call(this, event, target);
        },
        buttons: [0, 2],
      },
    },
  };

  object: HudToken | null = null;

  get document(): HudToken["document"] | null {
    return this.object?.document ?? null;
  }

  get actor(): HudActor | null {
    return this.document?.actor ?? null;
  }

  /** Core's BasePlaceableHUD#bind: binds the HUD to the placeable and renders it. */
  async bind(object: HudToken): Promise<this> {
    this.object = object;
    return this.render({ force: true });
  }

  _getStatusEffectChoices(): Record<string, StatusChoice> {
    const choices: Record<string, StatusChoice> = {};
    const list = (world.config() as unknown as { statusEffects: StatusEntry[] }).statusEffects;
    for (const status of list) {
      const hud = status.hud;
      if (hud === false) continue;
      if (typeof hud === "object" && hud.actorTypes?.includes(this.actor?.type ?? "") === false) {
        continue;
      }
      choices[status.id] = {
        id: status.id,
        ...(status._id === undefined ? {} : { _id: status._id }),
        title: status.name ?? status.id,
        src: status.img ?? "",
        isActive: false,
        isOverlay: false,
        cssClass: "",
      };
    }
    for (const effect of this.actor?.effects.contents ?? []) {
      for (const statusId of effect.statuses) {
        const choice = choices[statusId];
        if (choice === undefined) continue;
        if (choice._id !== undefined ? choice._id !== effect.id : effect.statuses.size !== 1) {
          continue;
        }
        choice.isActive = true;
        if (effect.flags?.core?.overlay === true) choice.isOverlay = true;
        break;
      }
    }
    for (const choice of Object.values(choices)) {
      choice.cssClass = [choice.isActive ? "active" : "", choice.isOverlay ? "overlay" : ""]
        .filter((c) => c !== "")
        .join(" ");
    }
    return choices;
  }

  override async _prepareContext(): Promise<Record<string, unknown>> {
    return { statusEffects: this._getStatusEffectChoices() };
  }

  /** Core's `effect` action: toggles the clicked status, the opposite of what the icon shows. */
  static async onToggleEffect(
    this: TokenHUD,
    event: { button: number },
    target: HudTarget,
  ): Promise<void> {
    const actor = this.actor;
    if (actor === null) {
      (
        globalThis as { ui?: { notifications?: { warn(m: string): void } } }
      ).ui?.notifications?.warn("HUD.WarningEffectNoActor");
      return;
    }
    await actor.toggleStatusEffect(target.dataset.statusId, {
      active: !target.classList.contains("active"),
      overlay: event.button === 2,
    });
  }
}

/**
 * The user's click on a status icon of the HUD as last rendered (button 0; 2 for a right click):
 * the icon's classes as the template rendered them, then the HUD's `effect` action. The HUD
 * renders again afterwards, as core's does when the actor's effects change.
 */
export async function clickStatus(hud: TokenHUD, statusId: string, button = 0): Promise<void> {
  const shown = (hud.lastContext?.["statusEffects"] ?? {}) as Record<string, StatusChoice>;
  const choice = shown[statusId];
  if (choice === undefined) throw new Error(`the HUD shows no status ${statusId}`);
  const classes = choice.cssClass.split(" ");
  const actions = hud.options["actions"] as Record<string, { handler: EffectHandler }>;
  await actions["effect"]?.handler.call(
    hud,
    { button },
    { dataset: { statusId }, classList: { contains: (name) => classes.includes(name) } },
  );
  await hud.render({ force: true });
}
