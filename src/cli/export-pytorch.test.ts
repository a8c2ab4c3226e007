// npm run export:pytorch: bad input is refused with a message and leaves DIR as it was; a good
// config or share link becomes a project whose `torchrun --nproc_per_node=2 train.py --steps 5`
// writes results/result-seed1.json that the playground's import accepts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFileText } from '../app/export/files';
import { encodeLink } from '../app/share/link';
import { fragmentFor } from '../app/share/share-url';
import { DEFAULT_EXPERIMENT } from '../core/experiment/config';
import { parseExperimentResultJson } from '../core/experiment/result-schema';
import { seedsOfOneExperiment } from '../core/experiment/seeds';
import { skipWithoutTorch, TORCHRUN_FIX } from '../export/pytorch/python';
import { exportPytorch, UsageError } from './pytorch-export-run';

const dir = mkdtempSync(join(tmpdir(), 'agon-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

const defaultConfig = file('default.json', configFileText(DEFAULT_EXPERIMENT));
const linkTo = (config: unknown) => `https://example.org/agon/${fragmentFor(encodeLink({ config: config as typeof DEFAULT_EXPERIMENT, appVersion: '0.1.0', basePair: null, results: [] }))}`;

describe('export:pytorch refuses bad input and writes nothing', () => {
  it.each([
    ['a config the schema refuses', ['--config', file('bad.json', JSON.stringify({ ...DEFAULT_EXPERIMENT, steps: -3 }))], /steps/],
    ['a file that is not JSON', ['--config', file('text.json', 'steps: 5')], /not JSON/],
    ['a missing file', ['--config', join(dir, 'nowhere.json')], /cannot read/],
    ['a link that does not decode', ['--link', 'https://example.org/#agon=1.bm90IGEgbGluaw'], /--link: This link/],
    ['a URL with no link in it', ['--link', 'https://example.org/agon/'], /holds no experiment/],
    ['a pretraining config', ['--config', file('pretrain.json', JSON.stringify({ ...DEFAULT_EXPERIMENT, base_pair_source: 'pretrain' }))], /pretrain/],
    ['both --config and --link', ['--config', defaultConfig, '--link', 'https://example.org/'], /exactly one/],
  ])('%s', async (_, args, message) => {
    const out = join(dir, 'refused');
    await expect(exportPytorch([...args, '--out', out])).rejects.toThrow(message);
    await expect(exportPytorch([...args, '--out', out])).rejects.toBeInstanceOf(UsageError);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('-export-'))).toEqual([]);
  });

  it('a folder that is not empty, unless --force', async () => {
    const out = join(dir, 'taken');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'mine');
    await expect(exportPytorch(['--config', defaultConfig, '--out', out])).rejects.toThrow(/not empty.*--force/);
    expect(readdirSync(out)).toEqual(['keep.txt']);
    await exportPytorch(['--config', defaultConfig, '--out', out, '--force']);
    expect(readdirSync(out).sort()).toEqual(['README.md', 'agon', 'checkpoints', 'data', 'export.json', 'train.py']);
  });

  it('exits non-zero with the message from the command line', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/export-pytorch.ts', '--config', join(dir, 'bad.json'), '--out', join(dir, 'cli')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/is not a valid experiment config/);
    expect(existsSync(join(dir, 'cli'))).toBe(false);
  });
});

describe('export:pytorch writes a project', () => {
  it('from a share link: the same experiment, with the problem streams of its seeds', async () => {
    const config = { ...DEFAULT_EXPERIMENT, task: 'code' as const, steps: 4, eval_every: 2, seeds: [1, 2], seed: 1 };
    const out = join(dir, 'from-link');
    await exportPytorch(['--link', linkTo(config), '--out', out]);
    const exported = JSON.parse(readFileSync(join(out, 'export.json'), 'utf8'));
    expect({ ...exported.config, base_pair: 'shipped' }).toEqual({ ...config, base_pair_source: 'shipped' });
    expect(exported.config.base_pair).toMatch(/^code:[0-9a-f]{16}:[0-9a-f]{16}$/);
    for (const seed of [1, 2]) expect(JSON.parse(readFileSync(join(out, 'data', `train-seed${seed}.json`), 'utf8'))).toHaveLength(4 * config.problems_per_step);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('| `rl.num_generations` | `8` | num_generations');
  });

  it.skipIf(skipWithoutTorch())('the default config: torchrun --nproc_per_node=2 train.py --steps 5 writes a result the import accepts', async () => {
    const out = join(dir, 'default');
    await exportPytorch(['--config', defaultConfig, '--out', out]);
    const r = spawnSync('torchrun', [...TORCHRUN_FIX, '--nproc_per_node=2', '--master_port=29732', 'train.py', '--steps', '5'], { cwd: out, encoding: 'utf8' });
    expect(r.status, r.stderr.slice(-3000)).toBe(0);
    const parsed = parseExperimentResultJson(readFileSync(join(out, 'results', 'result-seed1.json'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(seedsOfOneExperiment([parsed.result]).ok).toBe(true);
    expect(parsed.result.status).toBe('complete');
    expect(parsed.result.table.map((row) => row.method)).toEqual(DEFAULT_EXPERIMENT.methods);
    expect(parsed.result.arms.agon!.curve.map((p) => p.step)).toEqual([0, 5]);
    expect(parsed.result.arms.agon!.stepsDone).toBe(5);
    expect(parsed.result.environment.backend).toMatch(/gloo, 2 processes/);
  }, 1_800_000);
});
