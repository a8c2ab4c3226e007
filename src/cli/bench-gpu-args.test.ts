import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../core/experiment/config';
import { DEFAULT_SIZE, parseBenchGpuArgs, parseMeasureArgs, parseSeedArgs, seedConfig, sizeFlags, UsageError } from './bench-gpu-args';

describe('bench:gpu arguments', () => {
  it("defaults to the app's model, not quick", () => {
    expect(parseBenchGpuArgs([])).toEqual({ quick: false, size: DEFAULT_SIZE, help: false });
    expect(DEFAULT_SIZE).toEqual({ dModel: 64, layers: 2, heads: 4, ff: 256 });
  });

  it('takes the model size from flags, as the measuring process and bench_reference.py read them back', () => {
    const size = { dModel: 256, layers: 4, heads: 8, ff: 1024 };
    expect(parseBenchGpuArgs(['--quick', ...sizeFlags(size)])).toEqual({ quick: true, size, help: false });
    expect(parseMeasureArgs(['--backend', 'wasm', ...sizeFlags(size), '--batches', '4, 64'])).toEqual({ backend: 'wasm', recorded: false, size, batches: [4, 64], steps: 5, budgetS: 30 });
    expect(parseMeasureArgs(['--recorded']).recorded).toBe(true);
    expect(sizeFlags(size, '--d-ff')).toEqual(['--d-model', '256', '--layers', '4', '--heads', '8', '--d-ff', '1024']);
  });

  it('refuses bad sizes, backends and flags', () => {
    for (const argv of [['--d-model', '0'], ['--layers', 'two'], ['--d-model', '100', '--heads', '3'], ['--fast'], ['x']]) {
      expect(() => parseBenchGpuArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
    expect(() => parseMeasureArgs(['--backend', 'webgl'])).toThrow(/webgpu or wasm/);
    expect(() => parseMeasureArgs(['--batches', '4,,64'])).toThrow(UsageError);
    expect(() => parseMeasureArgs(['--backend', 'wasm', '--recorded'])).toThrow(/needs --backend webgpu/);
  });
});

describe('bench:gpu seed run arguments', () => {
  it('runs the default experiment at seed 1, or cut down so that it still evaluates at its last step', () => {
    const whole = parseSeedArgs(['--checkpoints', 'ck']);
    expect(whole).toEqual({ checkpoints: 'ck', maxSeconds: 240 });
    expect(seedConfig(whole)).toEqual({ ...DEFAULT_EXPERIMENT, seed: 1 });
    const cut = parseSeedArgs(['--checkpoints', 'ck', '--steps', '2', '--eval-problems', '50', '--max-seconds', '90']);
    expect(seedConfig(cut)).toMatchObject({ steps: 2, eval_every: 2, eval_problems: 50 });
    expect(() => parseSeedArgs([])).toThrow(/--checkpoints/);
  });
});
