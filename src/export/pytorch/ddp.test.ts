// Data parallelism changes nothing but the speed: 10 steps of GRPO and Agon with
// torchrun --nproc_per_node=2 (gloo) end with the same weights, within 1e-5, as one process
// with the same global batch. Both run in float64 (train.py --dtype float64): in float32 the
// two sum a gradient in different orders, and Adam turns that rounding noise into steps of
// lr size on coordinates whose true gradient is zero (the attention's key bias, which no
// output depends on), so float32 runs differ there by a few 1e-5 whatever the port does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { exportPytorch } from '../../cli/pytorch-export-run';
import { PYTHON, runOrThrow as run, skipWithoutTorch, TORCHRUN_FIX } from './python';

const CONFIG: ExperimentConfig = {
  ...DEFAULT_EXPERIMENT,
  methods: ['agon', 'grpo'],
  steps: 10,
  problems_per_step: 2,
  eval_every: 10,
  eval_problems: 10,
  rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 2, max_completion_length: 22 },
};

const COMPARE = `
import sys, torch
worst = 0.0
for name in sys.argv[3:]:
    one, two = torch.load(f"{sys.argv[1]}/{name}"), torch.load(f"{sys.argv[2]}/{name}")
    worst = max(worst, max(float((one[k] - two[k]).abs().max()) for k in one))
print(worst)
`;

describe.skipIf(skipWithoutTorch())('PyTorch export: DDP', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agon-ddp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('torchrun with 2 processes ends with the weights of 1 process (within 1e-5)', async () => {
    writeFileSync(join(dir, 'config.json'), JSON.stringify(CONFIG));
    const project = join(dir, 'project');
    await exportPytorch(['--config', join(dir, 'config.json'), '--out', project]);
    run(PYTHON, ['train.py', '--device', 'cpu', '--dtype', 'float64', '--out', join(dir, 'one')], project);
    run('torchrun', [...TORCHRUN_FIX, '--nproc_per_node=2', '--master_port=29731', 'train.py', '--device', 'cpu', '--dtype', 'float64', '--out', join(dir, 'two')], project);
    const weights = ['agon-A', 'agon-B', 'grpo-A'].map((w) => `weights-seed1-${w}.pt`);
    const r = spawnSync(PYTHON, ['-c', COMPARE, join(dir, 'one'), join(dir, 'two'), ...weights], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    console.log(`DDP vs one process, largest weight difference after 10 steps: ${r.stdout.trim()}`);
    expect(Number(r.stdout)).toBeLessThan(1e-5);
    // Not vacuous: training moved the weights away from the base pair.
    const base = spawnSync(PYTHON, ['-c', `import sys; sys.path.insert(0, "${project}")
import torch
from agon.model import load_model
a = load_model("${project}/checkpoints/math-a.ckpt", "char-v1").state_dict()
t = torch.load("${join(dir, 'one', 'weights-seed1-agon-A.pt')}")
print(max(float((a[k] - t[k]).abs().max()) for k in a))`], { encoding: 'utf8' });
    expect(Number(base.stdout)).toBeGreaterThan(1e-4);
  }, 900_000);
});
