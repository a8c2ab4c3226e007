import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../core/experiment/config';
import { defaultPretrainSettings } from '../core/experiment/pretrain-settings';

describe('npm run experiment with a config that pretrains its base pair', () => {
  it('refuses it before running anything, naming the npm run pretrain command that makes the same pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-pretrain-config-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ ...DEFAULT_EXPERIMENT, base_pair_source: 'pretrain', pretrain: { ...defaultPretrainSettings('math'), trunk_steps: 50 } }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/experiment.ts', '--config', file, '--out', join(dir, 'out')], { encoding: 'utf8', timeout: 600_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('only the playground does');
    expect(run.stderr).toContain('npm run pretrain -- --task math --trunk-steps 50 --fork-steps 4000 --batch 64');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  }, 600_000);
});
