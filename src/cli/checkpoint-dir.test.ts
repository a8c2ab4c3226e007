import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFamily } from '../core/tasks/code';
import { mathFamily } from '../core/tasks/math';
import { factGroups } from '../core/train/knowledge';
import { pairFamily, shippedPairHardSplit, writeManifest } from './checkpoint-dir';

const shipped = JSON.parse(readFileSync('public/checkpoints/manifest.json', 'utf8'));

describe("a pair's family from its manifest entry", () => {
  it('deals an entry recorded before recipes had a split seed by its family\'s own seed, as it was made', () => {
    const entry = shipped.pairs['math-premise'];
    expect(entry.recipe.splitSeed).toBeUndefined();
    const family = pairFamily(entry, 'math-premise');
    expect(family.splitSeed).toBe(mathFamily.splitSeed);
    expect(family.hardDifficulties).toEqual(mathFamily.hardDifficulties);
    // The entry's own record of who was taught what is the split the family deals.
    expect(Object.fromEntries(factGroups(family))).toEqual(entry.knowledge.facts);
  });

  it('deals by the seed an entry records', () => {
    const recipe = { factShares: { shared: 0.03, A: 0.2, B: 0.2, neither: 0.57 }, forkMix: codeFamily.forkMix, readingFocus: 0.8, readingTrust: 1 };
    const seeded = pairFamily({ task: 'code', recipe: { ...recipe, splitSeed: 185944 } }, 'code-premise');
    const unseeded = pairFamily({ task: 'code', recipe }, 'code-premise');
    expect(seeded.splitSeed).toBe(185944);
    expect([...factGroups(seeded)]).not.toEqual([...factGroups(unseeded)]);
  });

  it('takes the hard difficulties an entry records, and the family\'s own where it records none', () => {
    const recipe = { factShares: codeFamily.factShares, forkMix: codeFamily.forkMix, readingFocus: 0.8, readingTrust: 1 };
    expect(pairFamily({ task: 'code', recipe: { ...recipe, hardDifficulties: [3] } }, 'code-premise').hardDifficulties).toEqual([3]);
    expect(pairFamily({ task: 'code', recipe }, 'code-premise').hardDifficulties).toEqual(codeFamily.hardDifficulties);
  });
});

describe('the hard split a config\'s shipped pair was made for', () => {
  it('is the entry\'s recorded one, found by name or by id, and none where the entry records none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hard-split-'));
    const files = { a: { file: 'x', bytes: 0, sha256: '' }, b: { file: 'y', bytes: 0, sha256: '' } };
    const recipe = { factShares: codeFamily.factShares, forkMix: codeFamily.forkMix, readingFocus: 0.8, readingTrust: 1 };
    writeManifest(dir, { version: 1, pairs: { code: { files, id: 'code:1', task: 'code' }, 'code-premise': { files, id: 'code:2', task: 'code', recipe: { ...recipe, hardDifficulties: [3] } } } });
    expect(shippedPairHardSplit(dir, 'code', 'premise')).toEqual([3]);
    expect(shippedPairHardSplit(dir, 'code', 'code:2')).toEqual([3]);
    expect(shippedPairHardSplit(dir, 'code', 'shipped')).toBeUndefined();
    expect(shippedPairHardSplit(dir, 'math', 'premise')).toBeUndefined();
  });
});
