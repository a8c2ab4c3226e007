import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseExperimentConfig } from '../core/experiment/config';
import { METHODS } from '../core/experiment/methods';
import { PRESETS } from '../core/experiment/presets';
import { RESULT_SCHEMA, type ExperimentResult } from '../core/experiment/result';
import { parseExperimentResultJson } from '../core/experiment/result-schema';
import { configFileText } from '../app/export/files';
import { handMadeResult } from '../app/testing/fixtures';

function cli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/experiment.ts', ...args], { encoding: 'utf8', timeout: 600_000 });
}

describe('npm run experiment', () => {
  it('prints usage and exits non-zero on bad arguments', () => {
    for (const args of [[], ['--preset', 'nope', '--out', '/tmp/x'], ['--preset', 'smoke', '--out', '/tmp/x', '--steps', 'many'], ['--bogus']]) {
      const run = cli(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('usage: npm run experiment');
    }
  });

  it('says what webgpu in Node needs when no Vulkan driver gives an adapter', () => {
    const out = mkdtempSync(join(tmpdir(), 'agon-webgpu-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/experiment.ts', '--preset', 'micro', '--backend', 'webgpu', '--jobs', '1', '--out', out], {
      encoding: 'utf8',
      timeout: 600_000,
      env: { ...process.env, VK_DRIVER_FILES: join(out, 'no-such-driver.json') },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('webgpu is not available here: No TensorFlow.js backend could be initialised (webgpu: no WebGPU adapter available');
    expect(run.stderr).toContain('scripts/install-lavapipe.sh');
    expect(cli(['--preset', 'micro', '--backend', 'webgl', '--out', out]).stderr).toContain('--backend must be wasm, cpu, webgpu, got "webgl"');
  }, 600_000);

  it('reruns a config downloaded from the app, with its seed', () => {
    const out = mkdtempSync(join(tmpdir(), 'agon-config-'));
    const config = { ...PRESETS.micro, methods: ['zero-shot' as const], seed: 7 };
    const file = join(out, 'config.json');
    writeFileSync(file, configFileText(config));
    const run = cli(['--config', file, '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    // The micro preset as written keeps the generic budget of 18, short of math's 22.
    expect(run.stderr).toContain('warning: rl.max_completion_length is 18, below the 22 tokens a full math solution takes');
    const text = readFileSync(join(out, 'result-seed7.json'), 'utf8');
    // The app imports what the CLI writes.
    expect(parseExperimentResultJson(text).ok).toBe(true);
    const result = JSON.parse(text) as ExperimentResult;
    expect({ ...result.config, base_pair: config.base_pair }).toEqual(config);
    expect(result.table.map((r) => r.method)).toEqual(['zero-shot']);
  }, 600_000);

  it('runs the smoke preset end to end on the shipped base pair, the same with its arms in parallel processes', () => {
    const out = mkdtempSync(join(tmpdir(), 'agon-smoke-'));
    const run = cli(['--preset', 'smoke', '--out', out]);
    const parallelOut = mkdtempSync(join(tmpdir(), 'agon-smoke-jobs-'));
    const parallel = cli(['--preset', 'smoke', '--out', parallelOut, '--jobs', '2']);
    expect(parallel.status, parallel.stderr).toBe(0);
    const merged = JSON.parse(readFileSync(join(parallelOut, 'result-seed1.json'), 'utf8')) as ExperimentResult;
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('| (Agon - GRPO) / (MoA - GRPO) |');
    const result = JSON.parse(readFileSync(join(out, 'result-seed1.json'), 'utf8')) as ExperimentResult;
    expect(result.schema).toBe(RESULT_SCHEMA);
    expect(result.status).toBe('complete');
    expect(result.environment.backend).toBe('wasm');
    expect(result.table.map((r) => r.method)).toEqual([...METHODS]);
    expect(merged.arms).toEqual(result.arms);
    expect(merged.table).toEqual(result.table);
    expect(Object.keys(merged.arms)).toEqual(Object.keys(result.arms));
    const steps = PRESETS.smoke.steps;
    for (const [arm, record] of Object.entries(result.arms)) {
      // step 0, then every eval_every (1) steps: steps + 1 points; the untrained base is evaluated once
      expect(record.curve.map((p) => p.step), arm).toEqual(arm === 'base' ? [0] : Array.from({ length: steps + 1 }, (_, i) => i));
      expect(record.stepsDone).toBe(arm === 'base' ? 0 : steps);
    }
    for (const row of result.table) {
      expect(row.test.n).toBe(PRESETS.smoke.eval_problems);
      expect(row.test.low).toBeLessThanOrEqual(row.test.passAt1);
      expect(row.test.high).toBeGreaterThanOrEqual(row.test.passAt1);
    }
    const csv = readFileSync(join(out, 'curves.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toMatch(/^seed,arm,method,candidate/);
    expect(csv.length).toBeGreaterThan(METHODS.length);
    expect(existsSync(join(out, 'pass-at-1.svg'))).toBe(true);
  }, 600_000);

  it('--summarize of a sweep prints its table and draws it in DIR/sweep.svg', () => {
    const out = mkdtempSync(join(tmpdir(), 'agon-sweep-'));
    const file = 'docs/experiments/lecture-bonus-weight.json';
    const parsed = parseExperimentConfig(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.ok) throw new Error(`${file} does not parse`);
    writeFileSync(join(out, 'result-seed1.json'), JSON.stringify(handMadeResult(parsed.config)));
    const run = cli(['--summarize', '--config', file, '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    // Rows grpo and zero-shot, then the points: bonus_weight=0 got 50 of 500 right, each next point 10 more.
    expect(run.stdout).toMatch(/\| 0 \| 10\.0 \([\d.]+-[\d.]+\) \| behind by 4\.0 points, 95% interval/);
    expect(run.stdout).toContain(`wrote ${out}/result-seed*.json, curves.csv, pass-at-1.svg, sweep.svg`);
    const svg = readFileSync(join(out, 'sweep.svg'), 'utf8');
    expect(svg).toContain('>pass@1 against bonus_weight (math), 1 seed(s)</text>');
    const titles = (kind: string) => [...svg.matchAll(new RegExp(`<g class="${kind}" data-value="[^"]*"><title>([^(]*)\\(`, 'g'))].map((m) => m[1]);
    expect(titles('pass')).toEqual(['bonus_weight 0: 10.0% ', 'bonus_weight 0.5: 12.0% ', 'bonus_weight 1: 14.0% ', 'bonus_weight 2: 16.0% ', 'bonus_weight 3: 18.0% ']);
    expect(titles('difference')).toEqual(['bonus_weight 0: -4.0 points ', 'bonus_weight 0.5: -2.0 points ', 'bonus_weight 2: +2.0 points ', 'bonus_weight 3: +4.0 points ']);
    expect(svg).toContain('<g class="reference">');
  }, 600_000);

  it('--resume keeps the seeds and arms a stopped run finished and runs the rest; another config is refused', () => {
    const out = mkdtempSync(join(tmpdir(), 'agon-resume-'));
    const file = join(out, 'micro.json');
    writeFileSync(file, configFileText({ ...PRESETS.micro, methods: ['grpo', 'zero-shot'], seed: 3 }));
    const whole = cli(['--config', file, '--out', out, '--jobs', '2']);
    expect(whole.status, whole.stderr).toBe(0);
    const first = JSON.parse(readFileSync(join(out, 'result-seed3.json'), 'utf8')) as ExperimentResult;
    // A run stopped after its grpo arm: that arm's part is on disk, the base arm's is not, so the seed is not merged.
    rmSync(join(out, 'result-seed3.json'));
    const part = cli(['--config', join(out, 'config.json'), '--out', out, '--arms', 'grpo', '--no-summary']);
    expect(part.status, part.stderr).toBe(0);
    const resumed = cli(['--config', join(out, 'config.json'), '--out', out, '--resume', '--jobs', '1']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('[seed 3] grpo: finished earlier, kept from');
    expect(resumed.stdout).not.toMatch(/\[seed 3\] grpo step/);
    expect(resumed.stdout).toMatch(/\[seed 3\] base step 0/);
    const merged = JSON.parse(readFileSync(join(out, 'result-seed3.json'), 'utf8')) as ExperimentResult;
    expect(merged.table).toEqual(first.table);
    expect(merged.arms).toEqual(first.arms);
    expect(readdirSync(out).filter((f) => /^result-seed3-/.test(f))).toEqual([]);

    // The seed was merged when its last arm finished: resuming again keeps it whole and trains nothing.
    const again = cli(['--config', join(out, 'config.json'), '--out', out, '--resume', '--jobs', '1']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(`[seed 3] finished earlier, kept from ${join(out, 'result-seed3.json')}`);
    expect(again.stdout).not.toMatch(/ step \d/);

    const other = cli(['--preset', 'micro', '--out', out, '--resume']);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('holds another config than this one');
  }, 600_000);
});
