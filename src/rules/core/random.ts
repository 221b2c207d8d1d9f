/**
 * A small, fast, seeded random source (sfc32, seeded through splitmix32). The same seed always
 * gives the same sequence on every platform, which makes demos, simulations and tests repeatable.
 */
import type { DiceSource } from "./dice.ts";

export interface SeededRandom extends DiceSource {
  /** A float in [0, 1). */
  next(): number;
}

function hashSeed(seed: number | string): number {
  if (typeof seed === "number") return seed >>> 0;
  // FNV-1a over the UTF-16 code units.
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The generator's state and its draws. A class, so that every source shares one shape (the
 * simulator draws from it in its innermost loop). Its faces need no check: 1 + ⌊u × sides⌋ for u in
 * [0, 1) is always a face of a die of whole sides from 1 up, the only dice the rules ask for; so
 * it is itself a face-checked source whose `refusal` stays undefined (core/guard.ts, checkedFaces
 * hands it back as it is).
 */
export class SeededSource implements SeededRandom {
  /** Never set: no face of this source is off its die. */
  readonly refusal: undefined = undefined;
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    let mix = hashSeed(seed);
    const splitmix = (): number => {
      mix = (mix + 0x9e3779b9) | 0;
      let z = mix;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
    // Warm up so that close seeds diverge.
    for (let i = 0; i < 12; i++) this.nextUint();
  }

  private nextUint(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.nextUint() / 4294967296;
  }

  roll(sides: number): number {
    return 1 + Math.floor(this.next() * sides);
  }
}

export function seededRandom(seed: number | string): SeededRandom {
  return new SeededSource(seed);
}
