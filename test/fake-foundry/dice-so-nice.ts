/**
 * The Dice So Nice module, as far as Fray calls it: `game.dice3d.showForRoll(roll, user,
 * synchronize, whisper, blind, chatMessageID, speaker)`, which throws the roll's dice on the
 * screens of the users it names (`whisper`: those users, null for everyone; `blind`: not the
 * roller's own) and resolves once they landed. The fake records each throw instead of animating.
 * Installed by `installDiceSoNice()` (a world without the module has no `game.dice3d`);
 * `uninstall()` takes it away again.
 */

/** One throw as Dice So Nice was asked for it. */
export interface Throw {
  /** The faces of the roll's dice, in order. */
  readonly faces: number[];
  readonly userId: string | null;
  readonly synchronize: boolean;
  readonly whisper: readonly string[] | null;
  readonly blind: boolean;
  readonly messageId: string | null;
}

interface RollLike {
  readonly dice: readonly { readonly results: readonly { readonly result: number }[] }[];
}

export function installDiceSoNice() {
  const thrown: Throw[] = [];
  const g = globalThis as unknown as { game: Record<string, unknown> };
  g.game["dice3d"] = {
    showForRoll(
      roll: RollLike,
      user?: { id?: string } | null,
      synchronize?: boolean,
      whisper?: readonly string[] | null,
      blind?: boolean,
      chatMessageID?: string | null,
    ): Promise<boolean> {
      thrown.push({
        faces: roll.dice.flatMap((die) => die.results.map((r) => r.result)),
        userId: user?.id ?? null,
        synchronize: synchronize === true,
        whisper: whisper === undefined || whisper === null ? null : [...whisper],
        blind: blind === true,
        messageId: chatMessageID ?? null,
      });
      return Promise.resolve(true);
    },
  };
  return {
    thrown,
    uninstall(): void {
      Reflect.deleteProperty(g.game, "dice3d");
    },
  };
}
