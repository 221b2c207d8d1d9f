/**
 * Scenes and the combat each client views. Core v13:
 * - `game.scenes.active` is the scene the GM activated for everyone; `viewed` the scene this
 *   client's canvas shows (a GM may view another scene while the players stay on the active one;
 *   a player is pulled to a scene or views the active one); `current` is the viewed scene (the
 *   active one when the canvas is off) (Scenes#active, #viewed, #current).
 * - `game.combats.combats` are the encounters of the current scene: those linked to it and the
 *   unlinked ones (scene null); `active` the one of them marked active (CombatEncounters#combats,
 *   #active).
 * - `game.combats.viewed` (and `game.combat`, which is it) is the encounter this client's combat
 *   tracker shows: the tracker initializes to the current scene's active encounter, else its first
 *   (CombatTracker#initialize: `combats.find(c => c.active) || combats[0]`), again whenever the
 *   viewed scene changes, and the user may page to another of them.
 * Each fake client (user) has its own viewed scene and tracker choice: `fake.viewScene(userId,
 * sceneId)` and `fake.viewCombat(userId, combatId)`; until then a user views the active scene.
 */
import { Collection } from "./collection.ts";
import { ClientDocument } from "./documents.ts";
import type { Combat } from "./documents.ts";
import { world } from "./world.ts";

export class Scene extends ClientDocument {
  static override documentName = "Scene";
  static override sourceFields = { active: false };
  declare active: boolean;
  /**
   * The scene's TokenDocuments (core: `Scene#tokens`, an embedded collection); tokens.ts places
   * linked tokens here.
   */
  readonly tokens = new Collection<unknown>();
  /**
   * Core: every Scene has its embedded collections, empty until something is placed, so code may
   * walk `scene.regions.contents` on any scene (Scene#walls, Scene#regions).
   */
  readonly walls = new Collection<unknown>();
  readonly regions = new Collection<unknown>();
}

/** Per user: the scene their canvas shows (null: none) and the encounter their tracker shows. */
export interface Views {
  scene: Map<string, string | null>;
  combat: Map<string, string>;
}

export class Scenes extends Collection<ClientDocument> {
  constructor(private readonly views: Views) {
    super();
  }

  get active(): Scene | undefined {
    return this.find((scene) => (scene as Scene).active) as Scene | undefined;
  }

  get viewed(): Scene | undefined {
    const user = world.user().id;
    if (!this.views.scene.has(user)) return this.active;
    return this.get(this.views.scene.get(user) ?? "") as Scene | undefined;
  }

  get current(): Scene | undefined {
    return this.viewed ?? this.active;
  }
}

export class CombatEncounters extends Collection<ClientDocument> {
  constructor(
    private readonly views: Views,
    private readonly scenes: Scenes,
  ) {
    super();
  }

  get combats(): Combat[] {
    const current = this.scenes.current ?? null;
    return (this.contents as Combat[]).filter((c) => c.scene === null || c.scene === current);
  }

  get active(): Combat | undefined {
    return this.combats.find((c) => c.active);
  }

  get viewed(): Combat | null {
    const picked = this.get(this.views.combat.get(world.user().id) ?? "") as Combat | undefined;
    if (picked !== undefined) return picked;
    const combats = this.combats;
    return combats.find((c) => c.active) ?? combats[0] ?? null;
  }
}
