/** The end-to-end table of `npm run bench:gpu`: whole runs of the default experiment, timed (pure: tested without a GPU). */
import { ARMS } from '../core/experiment/methods';
import type { ExperimentResult } from '../core/experiment/result';

/** What a row shows of a run's result: how far it got and, when it finished, each method's final pass@1. */
export interface RunFigures {
  status: ExperimentResult['status'];
  /** Training steps done and asked for, summed over the arms that train. */
  stepsDone: number;
  stepsTotal: number;
  passAt1: Record<string, number>;
}

/** One timed run: wall seconds from start to result, the cap it ran under, or why there is none. */
export interface EndToEnd {
  seconds?: number;
  capS?: number;
  figures?: RunFigures;
  error?: string;
}

export function runFigures(result: ExperimentResult): RunFigures {
  const training = Object.entries(result.arms).filter(([arm]) => ARMS[arm]?.kind !== 'base');
  return {
    status: result.status,
    stepsDone: training.reduce((s, [, a]) => s + a.stepsDone, 0),
    stepsTotal: training.length * result.config.steps,
    passAt1: Object.fromEntries(result.table.map((row) => [row.method, row.test.passAt1])),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function cells(run: EndToEnd): string[] {
  const f = run.figures;
  if (!f || run.seconds === undefined) return [run.error ?? 'no result', '', '', ''];
  const done = f.status === 'complete';
  return [
    done ? run.seconds.toFixed(1) : `over ${run.capS ?? Math.round(run.seconds)} s (${f.status})`,
    `${f.stepsDone} / ${f.stepsTotal}`,
    f.stepsDone > 0 ? (run.seconds / f.stepsDone).toFixed(2) : '',
    done ? Object.entries(f.passAt1).map(([method, p]) => `${method} ${pct(p)}`).join(', ') : '-',
  ];
}

export function endToEndTable(rows: { label: string; run: EndToEnd; note: string }[]): string {
  return [
    '| run | wall s | training steps done / asked (all arms) | wall s / step | final pass@1 (test-hard) | note |',
    '|---|---:|---:|---:|---|---|',
    ...rows.map(({ label, run, note }) => `| ${[label, ...cells(run), note].map((c) => c.replace(/\|/g, '/')).join(' | ')} |`),
  ].join('\n');
}
