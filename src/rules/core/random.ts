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

export function seededRandom(seed: number | string): SeededRandom {
  let mix = hashSeed(seed);
  const splitmix = (): number => {
    mix = (mix + 0x9e3779b9) | 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const nextUint = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up so that close seeds diverge.
  for (let i = 0; i < 12; i++) nextUint();
  const next = (): number => nextUint() / 4294967296;
  return {
    next,
    roll(sides: number): number {
      return 1 + Math.floor(next() * sides);
    },
  };
}
