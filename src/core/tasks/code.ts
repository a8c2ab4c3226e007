/**
 * Code family: tiny program synthesis over lists of digits (DSL in ./dsl).
 *   problem  qv|314..:524..,9051.:2610.,773..:488..   (the function's name, then three input:output examples, each list padded to 5 with '.')
 *   trace    rev 413.. inc 524..                   (each primitive, then the first example's list after it, padded to 5)
 *   answer   rev inc                               (the program)
 *   hidden   2680:1973,53:46,...                   (five more input:output cases the answer must also pass)
 * Difficulty is the number of primitives. Any program that reproduces every
 * visible and hidden case is correct, not only the reference. The name is the
 * function's, as a code problem names the function to write: every program has
 * one fixed, arbitrary two-letter name (PROGRAM_NAMES). Knowing what a name does
 * is the family's knowledge (pretraining teaches A and B different names); without
 * it the program must be worked out from the examples. So a reader sees in the
 * problem whether it knows the program, as a math reader sees its products. Fixed widths put
 * every list and every step of the trace at the same position in every
 * problem, which is what lets a tiny transformer line them up; naming the
 * primitive before its result lets it commit to an operation and then only
 * has to compute that operation's effect.
 */
import { Rng } from '../random';
import {
  applyPrimitive,
  formatList,
  formatProgram,
  isPrimitive,
  MAX_PROGRAM_LENGTH,
  MAX_PROGRAM_OPS,
  parseList,
  parseProgram,
  PRIMITIVES,
  runProgram,
  sameList,
  traceProgram,
  type DigitList,
  type Primitive,
  type Program,
} from './dsl';
import { masked } from './format';
import type { Problem, TaskFamily } from './task';

/** Widest list: no primitive lengthens a list, so outputs fit too. */
const LIST_WIDTH = 5;
const VISIBLE_CASES = 3;
const HIDDEN_CASES = 5;
/** Visible inputs are at least 3 long: a 2-digit example says too little about the program. */
const VISIBLE_LENGTH = [3, LIST_WIDTH] as const;
const HIDDEN_LENGTH = [2, LIST_WIDTH] as const;
const CASE_WIDTH = 2 * LIST_WIDTH + 1;
/** "qv|": the program's name and a bar. */
const NAME_WIDTH = 3;
/** Every problem text is exactly this wide. */
export const CODE_PROBLEM_WIDTH = NAME_WIDTH + VISIBLE_CASES * (CASE_WIDTH + 1) - 1;
/** One trace step is "op list" (3 + 1 + 5), steps are separated by one space. */
const STEP_WIDTH = 3 + 1 + LIST_WIDTH;
const TRACE_WIDTH = MAX_PROGRAM_OPS * (STEP_WIDTH + 1) - 1;
const MAX_TRIES = 1000;
/** Share of wrong pretraining drafts that are lookalikes where one exists (see wrongProgram). */
const LOOKALIKE_SHARE = 0.5;

type Case = readonly [input: DigitList, output: DigitList];

/** Adjacent pairs a reference program never contains, because the pair does what one primitive or none does. */
const REDUNDANT_PAIRS = new Set(['rev rev', 'srt srt', 'odd odd', 'rev srt']);

/**
 * Pairs that commute. A reference program writes them only in PRIMITIVES order,
 * so one behaviour has one spelling and supervised training sees a consistent target.
 */
const COMMUTING_PAIRS = new Set(['rev inc', 'rev odd', 'srt odd']);

export function pairAllowed(first: Primitive, second: Primitive): boolean {
  if (REDUNDANT_PAIRS.has(`${first} ${second}`)) return false;
  // The out-of-order spelling of a commuting pair is banned; the in-order one is allowed.
  return !COMMUTING_PAIRS.has(`${second} ${first}`);
}

const NEXT: Record<Primitive, Primitive[]> = Object.fromEntries(
  PRIMITIVES.map((first) => [first, PRIMITIVES.filter((second) => pairAllowed(first, second))]),
) as Record<Primitive, Primitive[]>;

function drawProgram(rng: Rng, length: number): Primitive[] {
  const program: Primitive[] = [rng.pick(PRIMITIVES)];
  while (program.length < length) program.push(rng.pick(NEXT[program[program.length - 1] as Primitive]));
  return program;
}

function drawList(rng: Rng, [lo, hi]: readonly [number, number]): number[] {
  return Array.from({ length: rng.range(lo, hi) }, () => rng.int(10));
}

/** `count` inputs, distinct from each other and from `taken` (whose keys this adds to). */
function drawInputs(rng: Rng, count: number, lengths: readonly [number, number], taken: Set<string>): number[][] {
  const inputs: number[][] = [];
  while (inputs.length < count) {
    const input = drawList(rng, lengths);
    const key = formatList(input);
    if (taken.has(key)) continue;
    taken.add(key);
    inputs.push(input);
  }
  return inputs;
}

/** A list as an integer for the ambiguity search: a leading 1, then its digits ([3, 1, 4] is 1314, [] is 1). */
const listCode = (list: DigitList): number => list.reduce((code, x) => code * 10 + x, 1);
const codeList = (code: number): number[] => [...String(code).slice(1)].map(Number);
const CODE_LIMIT = 2 * 10 ** LIST_WIDTH;
const OP_COUNT = PRIMITIVES.length;

/** MOVES[op][code] is the code of the list after op, 0 until first needed (no list codes to 0). */
let MOVES: Int32Array[] | null = null;

function moveTables(): Int32Array[] {
  MOVES ??= PRIMITIVES.map(() => new Int32Array(CODE_LIMIT));
  return MOVES;
}

function move(tables: readonly Int32Array[], op: number, code: number): number {
  const table = tables[op] as Int32Array;
  let next = table[code] as number;
  if (next === 0) {
    next = listCode(applyPrimitive(PRIMITIVES[op] as Primitive, codeList(code)));
    table[code] = next;
  }
  return next;
}

/** One number per state of up to three lists: exact, since CODE_LIMIT ** 3 < 2 ** 53. */
const stateKey = (codes: readonly number[]): number => codes.reduce((key, code) => key * CODE_LIMIT + code, 0);

/**
 * Whether a program of fewer than `length` primitives (any, the empty program
 * included) maps every input to its output: breadth-first over the distinct
 * states the inputs can reach, which stay few because most programs collide.
 * Lists are at most LIST_WIDTH long and there are at most three of them.
 * This runs on every generated problem, so it works on integer codes without allocating lists.
 */
export function shorterProgramFits(inputs: readonly DigitList[], outputs: readonly DigitList[], length: number): boolean {
  const n = inputs.length;
  if (n > 3 || n !== outputs.length || [...inputs, ...outputs].some((list) => list.length > LIST_WIDTH)) {
    throw new RangeError('shorterProgramFits takes up to three input/output pairs of lists of at most 5 digits');
  }
  const tables = moveTables();
  const start = inputs.map(listCode);
  const target = outputs.map(listCode);
  if (start.every((code, i) => code === target[i])) return true;
  // Only the layers that are expanded again need deduplicating; the last one is just compared with the target.
  const seen = new Set([stateKey(start)]);
  let frontier = [start];
  for (let depth = 1; depth < length; depth++) {
    const last = depth === length - 1;
    const next: number[][] = [];
    for (const state of frontier) {
      for (let op = 0; op < OP_COUNT; op++) {
        const moved = new Array<number>(n);
        let hit = true;
        for (let i = 0; i < n; i++) {
          const code = move(tables, op, state[i] as number);
          moved[i] = code;
          if (code !== target[i]) hit = false;
        }
        if (hit) return true;
        if (last) continue;
        const key = stateKey(moved);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(moved);
      }
    }
    frontier = next;
  }
  return false;
}

const padList = (list: DigitList): string => formatList(list).padEnd(LIST_WIDTH, '.');

function formatCases(cases: readonly Case[], pad: (list: DigitList) => string): string {
  return cases.map(([input, output]) => `${pad(input)}:${pad(output)}`).join(',');
}

/** Parses "314..:524..,..." (padded or not); null when anything is off. Never throws. */
export function parseCases(text: string): Case[] | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const cases: Case[] = [];
  for (const field of text.split(',')) {
    const parts = field.split(':');
    if (parts.length !== 2) return null;
    const [input, output] = parts.map((part) => parseList(part.replace(/\.+$/, '')));
    if (!input || !output) return null;
    cases.push([input, output]);
  }
  return cases;
}

/** The examples of a problem text "qv|314..:524..,..."; null when it is not one. Never throws. */
export function problemCases(text: string): Case[] | null {
  if (typeof text !== 'string' || !/^[a-z]{2}\|/.test(text)) return null;
  return parseCases(text.slice(NAME_WIDTH));
}

function formatTrace(program: Program, input: DigitList): string {
  const lists = traceProgram(program, input);
  return program.map((op, i) => `${op} ${padList(lists[i] as DigitList)}`).join(' ');
}

function generate(rng: Rng, difficulty: number): Problem {
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > MAX_PROGRAM_OPS) {
    throw new RangeError(`code difficulty must be an integer from 1 to ${MAX_PROGRAM_OPS}, got ${difficulty}`);
  }
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const program = drawProgram(rng, difficulty);
    const taken = new Set<string>();
    const inputs = drawInputs(rng, VISIBLE_CASES, VISIBLE_LENGTH, taken);
    const outputs = inputs.map((input) => runProgram(program, input));
    // Two empty outputs leave too little to infer the program from.
    if (outputs.filter((output) => output.length === 0).length > 1) continue;
    // The examples must need the whole program, or the difficulty would lie and a shorter
    // guess that fits every example would be judged on the hidden cases alone.
    if (shorterProgramFits(inputs, outputs, difficulty)) continue;
    const hidden = drawInputs(rng, HIDDEN_CASES, HIDDEN_LENGTH, taken);
    const visibleCases = inputs.map((input, i): Case => [input, outputs[i] as DigitList]);
    const hiddenCases = hidden.map((input): Case => [input, runProgram(program, input)]);
    return {
      family: 'code',
      difficulty,
      text: `${programName(program)}|${formatCases(visibleCases, padList)}`,
      trace: formatTrace(program, inputs[0] as DigitList),
      answer: formatProgram(program),
      hidden: formatCases(hiddenCases, formatList),
    };
  }
  throw new Error(`could not draw an unambiguous code problem of difficulty ${difficulty} in ${MAX_TRIES} tries`);
}

/** The name and the visible examples, unpadded and in sorted order: the same examples shown in another order are the same problem. */
function canonical(problem: Problem): string {
  const cases = problemCases(problem.text);
  if (!cases) return problem.text;
  const examples = cases
    .map(([input, output]) => `${formatList(input)}:${formatList(output)}`)
    .sort()
    .join(',');
  return `${problem.text.slice(0, NAME_WIDTH)}${examples}`;
}

function isCorrect(problem: Problem, answer: string): boolean {
  const program = parseProgram(answer);
  const visible = problemCases(problem.text);
  const hidden = parseCases(problem.hidden);
  if (!program || !visible || !hidden) return false;
  return [...visible, ...hidden].every(([input, output]) => sameList(runProgram(program, input), output));
}

const STEP_LIST = /^(?:_|\d{1,5})\.*$/;
/**
 * Letters in a trace: the primitive names, which read in order are the program (the
 * answer). The lists stay: the last one is the first example's output, already in the problem.
 */
const PRIMITIVE_NAMES = /[a-z]+/g;

/** Whether the trace is one well-formed "op list" step per primitive, naming the answer's primitives when it has some. */
function traceWellFormed(trace: string, program: Program | null): boolean {
  if (typeof trace !== 'string' || trace.length > TRACE_WIDTH || (trace.length + 1) % (STEP_WIDTH + 1) !== 0) return false;
  const words = trace.split(' ');
  if (words.length % 2 !== 0) return false;
  const steps = words.length / 2;
  if (program && program.length !== steps) return false;
  for (let i = 0; i < steps; i++) {
    const op = words[2 * i] as string;
    const list = words[2 * i + 1] as string;
    if (!isPrimitive(op) || (program && program[i] !== op)) return false;
    if (list.length !== LIST_WIDTH || !STEP_LIST.test(list)) return false;
  }
  return steps >= 1;
}

/**
 * A program of `length` primitives that a writer who does not know the problem's program
 * might give. Not a near miss: a reader trained to take such a draft's word would learn to write near misses
 * from the examples alone (the first code pair did: 1-2% on its rival's programs, alone and
 * reading a right draft). Half the time, where one exists, a *lookalike*: a wrong program
 * whose trace also ends at the first example's output. Otherwise a wrong draft would always
 * end off that output and a right one on it, and a fork learns that cue instead of reading:
 * copy a draft that ends off the output, ignore one that ends on it, because in pretraining
 * the only right drafts are of programs it knows (a continued pair did exactly that: it
 * copied 45% of wrong drafts and took 7% of its rival's right ones).
 */
function wrongProgram(problem: Problem, length: number, first: Case, rng: Rng): Primitive[] {
  const [input, output] = first;
  if (rng.next() < LOOKALIKE_SHARE) {
    const lookalikes = programsOfLength(length).filter((other) => sameList(runProgram(other, input), output) && !isCorrect(problem, formatProgram(other)));
    if (lookalikes.length > 0) return [...rng.pick(lookalikes)];
  }
  // Not the reference, nor another spelling that happens to pass every case.
  for (;;) {
    const guess = drawProgram(rng, length);
    if (!isCorrect(problem, formatProgram(guess))) return guess;
  }
}

/** Every program a reference can spell, by length: index n - 1 holds those of n primitives. */
const PROGRAMS_BY_LENGTH: Primitive[][][] = [PRIMITIVES.map((op) => [op])];
for (let length = 2; length <= MAX_PROGRAM_OPS; length++) {
  PROGRAMS_BY_LENGTH.push((PROGRAMS_BY_LENGTH[length - 2] as Primitive[][]).flatMap((program) => NEXT[program[program.length - 1] as Primitive].map((op) => [...program, op])));
}
const programsOfLength = (length: number): Primitive[][] => PROGRAMS_BY_LENGTH[length - 1] ?? [];

const NAME_SEED = 20261203;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/**
 * Each program's name: two letters drawn without replacement by a fixed seed, so a
 * name says nothing about what the program does (knowing it is a fact, not a rule).
 */
const PROGRAM_NAMES: ReadonlyMap<string, string> = (() => {
  const rng = new Rng(NAME_SEED);
  const pool = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b));
  const names = new Map<string, string>();
  for (const program of PROGRAMS_BY_LENGTH.flat()) names.set(formatProgram(program), pool.splice(rng.int(pool.length), 1)[0] as string);
  return names;
})();

/** The name a problem gives the program (every program a reference can spell has one). */
export function programName(program: Program): string {
  const name = PROGRAM_NAMES.get(formatProgram(program));
  if (name === undefined) throw new RangeError(`no name for the program "${formatProgram(program)}": a reference never spells it`);
  return name;
}
/** Every program a reference can spell, of 2 to MAX_PROGRAM_OPS primitives. */
const allPrograms = (): string[] => PROGRAMS_BY_LENGTH.slice(1).flat().map(formatProgram);

/** One primitive is basic knowledge; a longer program is a fact to be known. */
const programFacts = (problem: Problem): string[] => (problem.difficulty > 1 ? [problem.answer] : []);

export const codeFamily: TaskFamily = {
  name: 'code',
  minDifficulty: 1,
  maxDifficulty: MAX_PROGRAM_OPS,
  hardDifficulties: [2, 3],
  problemWidth: CODE_PROBLEM_WIDTH,
  draftTraceWidth: TRACE_WIDTH,
  maxAnswerLength: MAX_PROGRAM_LENGTH,
  generate,
  canonical,
  isCorrect,
  formatScore(_problem, trace, answer) {
    const program = parseProgram(answer);
    return (program ? 0.5 : 0) + (traceWellFormed(trace, program) ? 0.5 : 0);
  },
  hideAnswerInTrace: (trace) => trace.replace(PRIMITIVE_NAMES, masked),
  factUniverse: allPrograms(),
  // One program a problem, so fewer shared names than math's facts keep a single model near half of test-hard.
  factShares: { shared: 0.2, A: 0.3, B: 0.3, neither: 0.2 },
  splitSeed: 20261201,
  forkMix: { own: 0.45, reading: 0.4, unrelated: 0.15 },
  // Without it a fork reads an untaught program in about 12% of its examples: too few to learn
  // to decode a masked program from a draft's lists (docs/base-pair.md).
  readingFocus: 0.5,
  readingTrust: 1,
  facts: programFacts,
  readerSolution: (problem, draft, knows) => (programFacts(problem).every(knows) ? { trace: problem.trace, answer: problem.answer } : draft),
  partialSolution(problem, knows, rng) {
    const program = parseProgram(problem.answer);
    const first = problemCases(problem.text)?.[0];
    if (!program || !first || programFacts(problem).every(knows)) return { trace: problem.trace, answer: problem.answer };
    const guess = wrongProgram(problem, program.length, first, rng);
    return { trace: formatTrace(guess, first[0]), answer: formatProgram(guess) };
  },
};
