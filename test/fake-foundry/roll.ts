/**
 * `Roll` for simple formulas (`NdX`, `dX` and whole numbers joined by + and -), rolled with
 * `CONFIG.Dice.randomUniform` as Foundry does, so a test seeds the dice it wants.
 */
export interface DieResult {
  result: number;
}

export interface DieTerm {
  number: number;
  faces: number;
  results: DieResult[];
  /** Core's DiceTerm#options: flavor, and what modules read (Dice So Nice's `appearance`). */
  options: Record<string, unknown>;
}

type Term =
  | { kind: "die"; sign: 1 | -1; number: number; faces: number }
  | { kind: "number"; sign: 1 | -1; value: number };

const TERM = /^\s*([+-])?\s*(?:(\d*)d(\d+)|(\d+))\s*/i;

function parse(formula: string): Term[] | null {
  const terms: Term[] = [];
  let rest = formula.trim();
  if (!rest) return null;
  while (rest.length) {
    const match = TERM.exec(rest);
    if (!match) return null;
    const sign = match[1] === "-" ? -1 : 1;
    if (terms.length && !match[1]) return null;
    if (match[3] !== undefined) {
      const number = match[2] ? Number(match[2]) : 1;
      const faces = Number(match[3]);
      if (number < 1 || faces < 1) return null;
      terms.push({ kind: "die", sign, number, faces });
    } else {
      terms.push({ kind: "number", sign, value: Number(match[4]) });
    }
    rest = rest.slice(match[0].length);
  }
  return terms;
}

export function makeRollClass(random: () => number) {
  return class Roll {
    readonly formula: string;
    readonly #terms: Term[];
    dice: DieTerm[] = [];
    total: number | undefined;
    _evaluated = false;

    constructor(formula: string, _data: Record<string, unknown> = {}) {
      const terms = parse(formula);
      if (!terms) throw new Error(`Unable to parse the roll formula "${formula}"`);
      this.formula = formula;
      this.#terms = terms;
      // Core parses the formula into terms at construction: `roll.dice` lists the die terms
      // (unrolled, with their `options`) before `evaluate`, so a caller may dress them first.
      this.dice = terms.flatMap((term) =>
        term.kind === "die"
          ? [{ number: term.number, faces: term.faces, results: [], options: {} }]
          : [],
      );
    }

    static validate(formula: string): boolean {
      return parse(formula) !== null;
    }

    async evaluate(): Promise<this> {
      let total = 0;
      let index = 0;
      for (const term of this.#terms) {
        if (term.kind === "number") {
          total += term.sign * term.value;
          continue;
        }
        const results = Array.from({ length: term.number }, () => ({
          result: 1 + Math.floor(random() * term.faces),
        }));
        const die = this.dice[index++];
        if (die !== undefined) die.results = results;
        total += term.sign * results.reduce((sum, die) => sum + die.result, 0);
      }
      this.total = total;
      this._evaluated = true;
      return this;
    }
  };
}
