import { describe, expect, it } from 'vitest';
import type { PassAtK, PassAtKCell } from '../../core/diagnostics/pass-at-k-schema';
import { passAtKCard, passAtKFromManifest } from './pass-at-k-card';

const KS = [1, 4, 16, 64];
const cells = (...means: number[]): PassAtKCell[] => means.map((mean, i) => ({ k: KS[i]!, mean, low: Math.max(0, mean - 0.05), high: Math.min(1, mean + 0.05) }));

const passAtK: PassAtK = {
  command: 'npm run diagnose -- --task math --pass-at-k-only',
  split: 'test-hard',
  problems: 1000,
  samples: 64,
  temperature: 1,
  topP: 1,
  seed: 1,
  ks: KS,
  rows: [
    { group: 'all', problems: 1000, A: cells(0.385, 0.5, 0.6, 0.7), B: cells(0.368, 0.48, 0.58, 0.66), referenceTrace: { A: cells(0.38, 0.45, 0.5, 0.55), B: cells(0.36, 0.44, 0.5, 0.52) } },
    { group: 'A only', problems: 206, A: cells(1, 1, 1, 1), B: cells(0.109, 0.3, 0.6, 0.9), referenceTrace: { A: cells(1, 1, 1, 1), B: cells(0.01, 0.04, 0.15, 0.4) } },
    { group: 'neither', problems: 264, A: cells(0.055, 0.2, 0.4, 0.6), B: cells(0, 0, 0, 0), referenceTrace: { A: cells(0, 0, 0, 0), B: cells(0, 0, 0, 0) } },
  ],
};

describe('the base-pair card pass@k', () => {
  it('reads the pass@k of a pair from a manifest, beside its other fields', () => {
    expect(passAtKFromManifest({ version: 1, pairs: { 'math-premise': { files: {}, premise: {}, passAtK } } }, 'math-premise')).toEqual(passAtK);
  });

  it('gives nothing, quietly, for a pair without pass@k, a missing pair, or anything malformed', () => {
    expect(passAtKFromManifest({ version: 1, pairs: { math: { files: {} } } }, 'math')).toBeNull();
    expect(passAtKFromManifest({ version: 1, pairs: { math: { passAtK } } }, 'code')).toBeNull();
    const badGroup = { ...passAtK, rows: [{ ...passAtK.rows[0]!, group: 'C only' }] };
    expect(passAtKFromManifest({ version: 1, pairs: { math: { passAtK: badGroup } } }, 'math')).toBeNull();
    const overOne = { ...passAtK, rows: [{ ...passAtK.rows[0]!, A: cells(1.2) }] };
    expect(passAtKFromManifest({ version: 1, pairs: { math: { passAtK: overOne } } }, 'math')).toBeNull();
    for (const junk of [null, 'manifest', 3, {}, { pairs: null }, { pairs: { math: 'x' } }]) expect(passAtKFromManifest(junk, 'math')).toBeNull();
  });

  it('shows each model\'s pass@k per group, in percent, with how it was measured', () => {
    const card = passAtKCard(passAtK);
    expect(card.basis).toBe('Each model alone, pass@1 / 4 / 16 / 64 in percent (unbiased estimate from 64 samples per problem at temperature 1, top_p 1, seed 1): first 1000 test-hard problems.');
    expect(card.heads).toEqual(['A: pass@1 / 4 / 16 / 64', 'B: pass@1 / 4 / 16 / 64', 'A, reference trace: pass@1 / 4 / 16 / 64', 'B, reference trace: pass@1 / 4 / 16 / 64']);
    expect(card.rows).toEqual([
      { group: 'all', label: 'all problems (1000)', cells: ['38.5 / 50.0 / 60.0 / 70.0', '36.8 / 48.0 / 58.0 / 66.0', '38.0 / 45.0 / 50.0 / 55.0', '36.0 / 44.0 / 50.0 / 52.0'] },
      { group: 'A only', label: 'a fact only A was taught (206)', cells: ['100.0 / 100.0 / 100.0 / 100.0', '10.9 / 30.0 / 60.0 / 90.0', '100.0 / 100.0 / 100.0 / 100.0', '1.0 / 4.0 / 15.0 / 40.0'] },
      { group: 'neither', label: 'a fact no one was taught (264)', cells: ['5.5 / 20.0 / 40.0 / 60.0', '0.0 / 0.0 / 0.0 / 0.0', '0.0 / 0.0 / 0.0 / 0.0', '0.0 / 0.0 / 0.0 / 0.0'] },
    ]);
    expect(card.reading).toContain("where a model's pass@64 is near 0 (a fact only its rival was taught), reward alone has nothing to reinforce");
    expect(card.reading).toContain('The reference-trace columns count only samples with every step right');
  });
});
