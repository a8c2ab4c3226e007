/**
 * The list DSL of the code family: a program is 1 to 3 primitives separated by
 * one space, applied left to right to a list of digits.
 *   program  rev inc        (reverse, then add 1 to every digit modulo 10)
 *   314  ->  413  ->  524
 * Lists are written compactly as their digits ("314"); the empty list is "_".
 * Every primitive has a three-letter name, so a program of n primitives is
 * always 4n - 1 characters long and each name sits at a fixed position.
 */

/**
 * Four primitives, each leaving its own mark on an example (mirrored order, sorted
 * order, every digit shifted, only odd digits left), so a tiny model can read a
 * program off three examples. Larger sets did not get there within the pretraining
 * budget: see "The code family's size" in docs/base-pair.md.
 */
export const PRIMITIVES = ['rev', 'srt', 'inc', 'odd'] as const;
export type Primitive = (typeof PRIMITIVES)[number];
export type Program = readonly Primitive[];
export type DigitList = readonly number[];

export const MAX_PROGRAM_OPS = 3;
/** Longest program text: three three-letter names and two spaces. */
export const MAX_PROGRAM_LENGTH = 4 * MAX_PROGRAM_OPS - 1;
export const EMPTY_LIST = '_';

const mod10 = (x: number): number => ((x % 10) + 10) % 10;

const APPLY: Record<Primitive, (list: DigitList) => number[]> = {
  rev: (list) => [...list].reverse(),
  srt: (list) => [...list].sort((a, b) => a - b),
  inc: (list) => list.map((x) => mod10(x + 1)),
  odd: (list) => list.filter((x) => x % 2 === 1),
};

const IS_PRIMITIVE = new Set<string>(PRIMITIVES);

export function isPrimitive(name: string): name is Primitive {
  return IS_PRIMITIVE.has(name);
}

export function applyPrimitive(op: Primitive, list: DigitList): number[] {
  return APPLY[op](list);
}

/** The list after each primitive of the program (the last one is the output). */
export function traceProgram(program: Program, input: DigitList): number[][] {
  const steps: number[][] = [];
  let list: DigitList = input;
  for (const op of program) {
    list = APPLY[op](list);
    steps.push([...list]);
  }
  return steps;
}

export function runProgram(program: Program, input: DigitList): number[] {
  return traceProgram(program, input).at(-1) ?? [...input];
}

/**
 * Parses program text like "rev inc"; null for anything else (empty, unknown
 * names, doubled or edge spaces, more than MAX_PROGRAM_OPS primitives). Never throws.
 */
export function parseProgram(text: string): Primitive[] | null {
  // Checking the length first keeps a pathological answer from being split at all.
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_PROGRAM_LENGTH) return null;
  const names = text.split(' ');
  if (names.length > MAX_PROGRAM_OPS || !names.every(isPrimitive)) return null;
  return names as Primitive[];
}

export function formatProgram(program: Program): string {
  return program.join(' ');
}

export function formatList(list: DigitList): string {
  return list.length === 0 ? EMPTY_LIST : list.join('');
}

/** Parses "314" or "_"; null for anything else. */
export function parseList(text: string): number[] | null {
  if (text === EMPTY_LIST) return [];
  if (!/^\d+$/.test(text)) return null;
  return [...text].map(Number);
}

export function sameList(a: DigitList, b: DigitList): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
