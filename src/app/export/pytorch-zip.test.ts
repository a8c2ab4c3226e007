// The app's PyTorch export is the CLI's, zipped: the same paths and the same bytes.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { pytorchProject } from '../../core/export/pytorch-project';
import { readPythonSources } from '../../cli/pytorch-export-run';
import { pytorchZip } from './pytorch-zip';

describe('Export as PyTorch project (zip)', () => {
  it('holds exactly the files the CLI writes, under one folder', async () => {
    const config = { ...DEFAULT_EXPERIMENT, steps: 6, eval_every: 3, seeds: [1, 4], eval_problems: 20 };
    const pair = { a: new Uint8Array(readFileSync('public/checkpoints/math-a.ckpt')), b: new Uint8Array(readFileSync('public/checkpoints/math-b.ckpt')) };
    const zip = unzipSync(await pytorchZip('agon-pytorch', config, pair, '0.1.0'));
    const cli = await pytorchProject({ config, pair, sources: readPythonSources(), appVersion: '0.1.0' });
    expect(Object.keys(zip).sort()).toEqual([...cli.keys()].map((p) => `agon-pytorch/${p}`).sort());
    for (const [path, contents] of cli) {
      const inZip = zip[`agon-pytorch/${path}`]!;
      if (typeof contents === 'string') expect(strFromU8(inZip), path).toBe(contents);
      else expect(inZip, path).toEqual(contents);
    }
    expect(Object.keys(zip)).toContain('agon-pytorch/data/train-seed4.json');
    expect(JSON.parse(strFromU8(zip['agon-pytorch/export.json']!)).seeds).toEqual([1, 4]);
  });
});
