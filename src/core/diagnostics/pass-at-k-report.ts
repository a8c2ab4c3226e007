/** The pass@k figures as text: the markdown tables `npm run diagnose` prints, and the pieces the base-pair card shows. */
import type { PassAtK, PassAtKCell, PassAtKRow } from './pass-at-k-schema';

/** What the problems of a row need of the knowledge split, in words. */
export const GROUP_LABELS: Record<PassAtKRow['group'], string> = {
  all: 'all problems',
  shared: 'only shared facts',
  'A only': 'a fact only A was taught',
  'B only': 'a fact only B was taught',
  'A and B': 'a fact of each',
  neither: 'a fact no one was taught',
};

const percent = (x: number) => (100 * x).toFixed(1);

/** A model's pass@k at every k, in percent: "12.3 / 30.1 / 55.0 / 71.2". */
export function cellsText(cells: readonly PassAtKCell[]): string {
  return cells.map((c) => percent(c.mean)).join(' / ');
}

/** Each cell's 95% interval, in percent: "10.1-14.5 / ...". */
export function intervalsText(cells: readonly PassAtKCell[]): string {
  return cells.map((c) => `${percent(c.low)}-${percent(c.high)}`).join(' / ');
}

/** "pass@1 / 4 / 16 / 64". */
export function ksText(ks: readonly number[]): string {
  return `pass@${ks.join(' / ')}`;
}

/** How it was measured, in one sentence. */
export function passAtKBasis(p: PassAtK): string {
  return `Each model alone, ${ksText(p.ks)} in percent (unbiased estimate from ${p.samples} samples per problem at temperature ${p.temperature}, top_p ${p.topP}, seed ${p.seed}): first ${p.problems} test-hard problems.`;
}

type Measure = (row: PassAtKRow, member: 'A' | 'B') => readonly PassAtKCell[];
const rightAnswer: Measure = (row, member) => row[member];
const withReferenceTrace: Measure = (row, member) => row.referenceTrace[member];

function table(p: PassAtK, measure: Measure, cell: (cells: readonly PassAtKCell[]) => string): string[] {
  return [
    `| model | ${p.rows.map((r) => `${r.group} (${r.problems})`).join(' | ')} |`,
    `|---|${p.rows.map(() => '---').join('|')}|`,
    ...(['A', 'B'] as const).map((m) => `| ${m} | ${p.rows.map((r) => cell(measure(r, m))).join(' | ')} |`),
  ];
}

export function passAtKReport(p: PassAtK): string {
  return [
    "### What reward alone can find: each model's pass@k",
    passAtKBasis(p),
    'Columns: all problems, then by what a problem needs of the knowledge split (count in brackets), as in the by-group table. GRPO only reinforces answers its model samples: where pass@k stays near 0 at the largest k (a fact only the rival was taught), no sample earns a right answer there, and reward alone has nothing to reinforce unless what it learns elsewhere carries over.',
    '',
    'A right answer:',
    '',
    ...table(p, rightAnswer, cellsText),
    '',
    "A right answer with the reference trace (every step right: for math every product, where the answer, the sum's last digit, can come out right after a wrong one; GRPO's reward sees only the answer):",
    '',
    ...table(p, withReferenceTrace, cellsText),
    '',
    '95% intervals (normal approximation over problems; Clopper-Pearson over problems where every problem has the same value), a right answer, then with the reference trace:',
    '',
    ...table(p, rightAnswer, intervalsText),
    '',
    ...table(p, withReferenceTrace, intervalsText),
    ...rivalFactTable(p),
  ].join('\n');
}

/** Which of a rival's facts each model finds alone, one row per fact; nothing for figures without them. */
function rivalFactTable(p: PassAtK): string[] {
  if (!p.byRivalFact || p.byRivalFact.length === 0) return [];
  return [
    '',
    `Each fact only one model was taught, and how often the other model finds it alone (a right answer, ${ksText(p.ks)}, on the problems of that model's group that need it):`,
    '',
    `| fact | taught to | problems | the other model | 95% intervals |`,
    '|---|---|---:|---|---|',
    ...p.byRivalFact.map((r) => `| ${r.fact} | ${r.taughtTo} | ${r.problems} | ${cellsText(r.rival)} | ${intervalsText(r.rival)} |`),
  ];
}
