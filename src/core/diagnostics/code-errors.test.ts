import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { codeFamily } from '../tasks/code';
import { solutionText } from '../tasks/format';
import { verify } from '../tasks/verifier';
import { factGroup } from '../train/knowledge';
import { codeAnswerKind, codeErrorReport, codeErrorRows } from './code-errors';

const answering = (problem: Parameters<typeof verify>[1], program: string) => verify(codeFamily, problem, solutionText(problem.trace, program));

describe('code answer kinds', () => {
  it('sorts answers by their number of primitives against the reference', () => {
    const rng = new Rng(4);
    const p = codeFamily.generate(rng, 2);
    const [first] = p.answer.split(' ');
    const wrongPair = ['rev srt', 'srt inc', 'inc odd', 'odd rev'].find((q) => !codeFamily.isCorrect(p, q))!;
    expect(codeAnswerKind(p, answering(p, p.answer))).toBe('right');
    expect(codeAnswerKind(p, answering(p, first!))).toBe('too short');
    expect(codeAnswerKind(p, answering(p, `${p.answer} rev`))).toBe('too long');
    expect(codeAnswerKind(p, answering(p, wrongPair))).toBe('right length, wrong');
    expect(codeAnswerKind(p, answering(p, 'reverse'))).toBe('unparseable');
    expect(codeAnswerKind(p, verify(codeFamily, p, 'rev 123..'))).toBe('unparseable');
  });

  it('counts shares per model and problem class', () => {
    const rng = new Rng(5);
    const problems = Array.from({ length: 40 }, () => codeFamily.generate(rng, 3));
    // Right on even problems, one primitive short on odd ones.
    const verifications = problems.map((p, i) => answering(p, i % 2 === 0 ? p.answer : p.answer.split(' ').slice(0, 2).join(' ')));
    const rows = codeErrorRows(codeFamily, 'A', problems, verifications);
    expect(rows.reduce((n, r) => n + r.problems, 0)).toBe(40);
    for (const row of rows) {
      const classOf = { shared: 'shared', A: 'A only', B: 'B only', neither: 'neither' } as const;
      const members = problems.flatMap((p, i) => (classOf[factGroup(codeFamily, p.answer)] === row.group ? [i] : []));
      expect(row.problems).toBe(members.length);
      expect(row.shares.right).toBeCloseTo(members.filter((i) => i % 2 === 0).length / members.length, 10);
      expect(row.shares['too short']).toBeCloseTo(1 - row.shares.right, 10);
      expect(row.shares['too long'] + row.shares['right length, wrong'] + row.shares.unparseable).toBe(0);
    }
    const report = codeErrorReport(rows);
    expect(report).toContain('| model | problems needing | count | right | too short | too long | right length, wrong | unparseable |');
    expect(report.split('\n')).toHaveLength(4 + rows.length);
  });
});
