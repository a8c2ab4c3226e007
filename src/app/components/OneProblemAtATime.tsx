/**
 * A round one problem at a time, so it fits beside the charts: a picker of the round's
 * problems (with how many samples got each right), a compact grid of the chosen problem's
 * samples (verdict, reward, advantage), and the details of the sample clicked.
 */
import { useState, type ReactNode } from 'react';
import type { SampleRecord } from '../../core/rl/round';
import { ProblemHeader } from './SampleDetails';

export interface ProblemItems<T> {
  text: string;
  answer: string;
  items: T[];
}

export interface Cell {
  /** The sample whose verdict, reward and advantage the cell shows (for Agon, the solution). */
  sample: SampleRecord;
  /** Extra text before the verdict mark (for Agon, the draft's mark and an arrow). */
  prefix?: string;
  title: string;
}

const mark = (v: SampleRecord['verdict']) => (v === 'correct' ? '✓' : v === 'wrong' ? '✗' : '?');
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

export function OneProblemAtATime<T>({ problems, cell, details }: { problems: ProblemItems<T>[]; cell: (item: T) => Cell; details: (item: T, index: number) => ReactNode }) {
  const [chosen, setChosen] = useState({ problem: 0, item: 0 });
  const p = Math.min(chosen.problem, problems.length - 1);
  const problem = problems[p];
  if (!problem) return null;
  const i = Math.min(chosen.item, problem.items.length - 1);
  const item = problem.items[i];
  return (
    <div className="problem" data-testid="round-problem">
      {problems.length > 1 && (
        <div className="problem-picker" role="group" aria-label="problem">
          {problems.map((q, k) => {
            const right = q.items.filter((x) => cell(x).sample.verdict === 'correct').length;
            return (
              <button key={k} type="button" aria-pressed={k === p} className={k === p ? 'pick active' : 'pick'} title={`problem ${k + 1}: ${right} of ${q.items.length} right`} onClick={() => setChosen({ problem: k, item: 0 })} data-testid="problem-pick">
                {k + 1} <small>{right}/{q.items.length}</small>
              </button>
            );
          })}
        </div>
      )}
      <ProblemHeader text={problem.text} answer={problem.answer} />
      <div className="sample-grid" role="group" aria-label="samples">
        {problem.items.map((x, k) => {
          const c = cell(x);
          return (
            <button key={k} type="button" aria-pressed={k === i} className={`cell verdict-${c.sample.verdict}${k === i ? ' active' : ''}`} title={c.title} onClick={() => setChosen({ problem: p, item: k })} data-testid="sample-cell">
              <span className="cell-mark">{c.prefix ?? ''}{mark(c.sample.verdict)}</span>
              <span className="cell-num">r {c.sample.reward.total.toFixed(2)}</span>
              <span className={c.sample.advantage >= 0 ? 'cell-num adv-pos' : 'cell-num adv-neg'}>A {signed(c.sample.advantage)}</span>
            </button>
          );
        })}
      </div>
      {item !== undefined && <ol className="pairs">{details(item, i)}</ol>}
    </div>
  );
}
