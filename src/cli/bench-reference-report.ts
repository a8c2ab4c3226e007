/** Pure parts of `npm run bench:reference`: arguments, the PyTorch script's output, the table. */
import { parseArgs } from 'node:util';

export const REFERENCE_USAGE = `usage: npm run bench:reference -- [--rounds R] [--threads N] [--steps S]
  Alternates R rounds (default 3) of the tfjs wasm train step and the same step in PyTorch
  on the CPU with N threads (default 1); each round times S steps (default 5) after a warm-up.
  Needs PyTorch for /usr/bin/python3 (Debian: apt-get install -y python3-torch libopenblas0-pthread).`;

export class UsageError extends Error {}

export interface ReferenceArgs {
  rounds: number;
  threads: number;
  steps: number;
}

function positive(name: string, raw: string): number {
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return v;
}

export function parseReferenceArgs(argv: string[]): ReferenceArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        rounds: { type: 'string', default: '3' },
        threads: { type: 'string', default: '1' },
        steps: { type: 'string', default: '5' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (e) {
    // node:util's own errors (unknown flag, missing value) are usage errors too.
    throw new UsageError((e as Error).message);
  }
  const { values } = parsed;
  return { rounds: positive('rounds', values.rounds), threads: positive('threads', values.threads), steps: positive('steps', values.steps) };
}

/** What scripts/bench_reference.py prints as its last stdout line. */
export interface TorchResult {
  params: number;
  stepMs: number;
  firstLoss: number;
  threads: number;
  torch: string;
}

/** The JSON object on the script's last stdout line. */
function lastJsonLine(stdout: string): { line: string; value: Record<string, unknown> } {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null) throw new Error(`bench_reference.py printed no JSON result; its last line was: ${JSON.stringify(line)}`);
  return { line, value: value as Record<string, unknown> };
}

function finite(out: { line: string; value: Record<string, unknown> }, key: string): number {
  const v = out.value[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`bench_reference.py result lacks a finite "${key}": ${out.line}`);
  return v;
}

/** The output of `bench_reference.py --params-only`. */
export function parseTorchParams(stdout: string): number {
  return finite(lastJsonLine(stdout), 'params');
}

export function parseTorchResult(stdout: string): TorchResult {
  const out = lastJsonLine(stdout);
  const num = (key: string) => finite(out, key);
  return { params: num('params'), stepMs: num('step_ms'), firstLoss: num('first_loss'), threads: num('threads'), torch: String(out.value.torch) };
}

export interface RoundTiming {
  tfjsMs: number;
  torchMs: number;
}

export function median(xs: number[]): number {
  if (xs.length === 0) throw new Error('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Markdown table, one row per round, then a summary line with the median ratio (tfjs / PyTorch). */
export function referenceTable(rounds: RoundTiming[], threads: number): string {
  const ms = (n: number) => n.toFixed(1);
  const ratios = rounds.map((r) => r.tfjsMs / r.torchMs);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [
    `| round | tfjs wasm step (ms) | PyTorch CPU step (ms, ${plural(threads, 'thread')}) | ratio (tfjs / PyTorch) |`,
    '|---:|---:|---:|---:|',
    ...rounds.map((r, i) => `| ${i + 1} | ${ms(r.tfjsMs)} | ${ms(r.torchMs)} | ${ratios[i]!.toFixed(2)}x |`),
    '',
    `median ratio over ${plural(rounds.length, 'round')}: ${median(ratios).toFixed(2)}x (tfjs wasm train step time / PyTorch CPU, ${plural(threads, 'thread')})`,
  ].join('\n');
}
