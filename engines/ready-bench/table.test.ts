import { describe, expect, it } from 'vitest';
import { readyTable } from './table';

describe('the readiness table', () => {
  it('gives the median and the slowest start of each engine, and how many were ready within 2 s', () => {
    const table = readyTable([{ engine: 'firefox', ready: [1500, 2500, 1000], settled: [6000, 9000, 7000] }], '');
    expect(table).toContain('(no flags)');
    expect(table).toContain('| firefox | 3 | 1.50 / 2.50 | 2 of 3 | 7.00 / 9.00 |');
  });

  it('averages the middle two of an even count, and marks an engine with nothing measured', () => {
    const table = readyTable([{ engine: 'webkit', ready: [1000, 2000, 3000, 4000], settled: [] }], '?probe');
    expect(table).toContain('| webkit | 4 | 2.50 / 4.00 | 2 of 4 | - |');
  });
});
