// The whole exported experiment follows the playground's step for step: every method of the
// paper's table, an arm of the config's own that changes six mechanisms at once, and a sweep of
// swap_every over 1 (read out from Agon's arm) and 2, 3 steps, run by the playground's runner
// (tfjs wasm) and by train.py (PyTorch, CPU). Both take the same problems and the same sampling draws (agon/draws.py), so they
// sample the same tokens, give the same rewards and take the same updates: every evaluation
// (each candidate's test and validation counts), every reward mean and the token counts are
// equal, the KL statistic agrees within float error, and so do the trained weights at the end
// (optimizer included: three Adam steps of two iterations). The settings are off the defaults
// (KL term, two iterations, DAPO loss, batch scaling, top-p) so the clip, the ratio and the
// reference all take part.
import * as tf from '@tensorflow/tfjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPytorch } from '../../cli/pytorch-export-run';
import { AGON_FIELDS } from '../../core/experiment/arm-fields';
import { basePairId } from '../../core/experiment/base-pair';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { METHODS } from '../../core/experiment/methods';
import type { EvalPoint, ExperimentResult } from '../../core/experiment/result';
import { parseExperimentResultJson } from '../../core/experiment/result-schema';
import { ExperimentRunner } from '../../core/experiment/runner';
import { useWasmBackend } from '../../core/model/testing';
import { PYTHON, runOrThrow as run, skipWithoutTorch } from './python';

const CONFIG: ExperimentConfig = {
  ...DEFAULT_EXPERIMENT,
  methods: [...METHODS],
  steps: 3,
  problems_per_step: 6,
  eval_every: 1,
  eval_problems: 50,
  // m = 3 splits a problem's 2N = 12 rollouts into 3 drafts and 9 solutions; only B drafts and only the solving model learns.
  arms: [{ name: 'mix', ...AGON_FIELDS, bonus: 'margin', bonus_weight: 2, roles: 'b-drafts', solutions_per_draft: 3, learners: 'solver', drafter_reward: 'zero-sum' }],
  sweep: { field: 'swap_every', values: [1, 2], arm: {} },
  rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 6, beta: 0.04, num_iterations: 2, loss_type: 'dapo', scale_rewards: 'batch', epsilon_high: 0.28, top_p: 0.95 },
};
const KL_TOLERANCE = 1e-5;
const WEIGHT_TOLERANCE = 1e-4;

/**
 * Largest difference between each playground checkpoint (a .ckpt, read by the exported loader)
 * and train.py's weights (.pt) of the same name. The attention's key bias is left out: no output
 * depends on it (it adds the same score to every key of a query), so its true gradient is zero
 * and Adam turns each side's rounding noise there into steps of the learning rate's size.
 */
const COMPARE = `
import os, sys, torch
sys.path.insert(0, sys.argv[1])
from agon.model import load_model
worst = 0.0
for name in sys.argv[4:]:
    ours = load_model(os.path.join(sys.argv[2], name + ".ckpt"), "char-v1").state_dict()
    theirs = torch.load(os.path.join(sys.argv[3], name + ".pt"))
    for k in ours:
        diff = (ours[k] - theirs[k]).abs()
        if k.endswith("attn.bqkv"):
            d = diff.numel() // 3
            diff = torch.cat([diff[:d], diff[2 * d :]])
        worst = max(worst, float(diff.max()))
print(worst)
`;

/** How far an arm's two models ended (train.py's weights) from the base pair, largest difference each: "A B". */
const MOVED = `
import os, sys, torch
sys.path.insert(0, sys.argv[1])
from agon.model import load_model
project, task, arm = sys.argv[1:4]
out = []
for m in "AB":
    base = load_model(os.path.join(project, "checkpoints", f"{task}-{m.lower()}.ckpt"), "char-v1").state_dict()
    trained = torch.load(os.path.join(project, "results", f"weights-seed1-{arm}-{m}.pt"))
    out.append(max(float((base[k] - trained[k]).abs().max()) for k in base))
print(*out)
`;

/** The playground's run in this process (wasm), its trained weights written as weights-seed1-<arm>-<member>.ckpt. */
async function playgroundRun(config: ExperimentConfig, weightsDir: string): Promise<{ result: ExperimentResult; weights: string[] }> {
  const read = (m: 'a' | 'b') => new Uint8Array(readFileSync(`public/checkpoints/${config.task}-${m}.ckpt`));
  const pair = { a: read('a'), b: read('b') };
  const environment = { backend: tf.getBackend(), tfjsVersion: tf.version.tfjs, appVersion: 'test', platform: `node ${process.version}` };
  const runner = new ExperimentRunner({ ...config, base_pair: basePairId(config.task, pair.a, pair.b) }, pair, environment);
  const weights = new Set<string>();
  mkdirSync(weightsDir);
  runner.on((e) => {
    if (e.type !== 'checkpoint' || e.step !== config.steps) return;
    const name = `weights-seed1-${e.arm}-${e.member}`;
    writeFileSync(join(weightsDir, `${name}.ckpt`), e.bytes);
    weights.add(name);
  });
  return { result: await runner.run(), weights: [...weights] };
}

function result(path: string): ExperimentResult {
  const parsed = parseExperimentResultJson(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.message}`);
  return parsed.result;
}

/** What must be equal at an evaluation: tokens, rewards, and every candidate's counts. */
function exact(p: EvalPoint) {
  const counts = Object.entries(p.readouts).map(([m, r]) => [m, r.chosen, r.candidates.map((c) => [c.name, c.test.correct, c.validation.correct])]);
  return { step: p.step, generated: p.tokensGenerated, trained: p.tokensTrained, reward: p.reward, counts };
}

describe.skipIf(skipWithoutTorch())('PyTorch export: the same run as the playground', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agon-trajectory-'));
  beforeAll(useWasmBackend);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every method, a custom arm and a sweep, 3 steps: the same evaluations, rewards and tokens at every step', async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify(CONFIG));
    const project = join(dir, 'project');
    await exportPytorch(['--config', config, '--out', project]);
    const { result: ours, weights } = await playgroundRun(CONFIG, join(dir, 'playground'));
    run(PYTHON, ['train.py', '--device', 'cpu', '--threads', '1'], project);
    const theirs = result(join(project, 'results', 'result-seed1.json'));

    expect(Object.keys(theirs.arms)).toEqual(Object.keys(ours.arms));
    expect(Object.keys(ours.arms)).toEqual(expect.arrayContaining(['mix', 'swap_every=2']));
    expect(theirs.table.map((r) => [r.method, r.label, r.chosen])).toEqual(ours.table.map((r) => [r.method, r.label, r.chosen]));
    let worstKl = 0;
    for (const [arm, record] of Object.entries(ours.arms)) {
      const other = theirs.arms[arm]!;
      expect(other.curve.map(exact), arm).toEqual(record.curve.map(exact));
      record.curve.forEach((p, i) => (worstKl = Math.max(worstKl, Math.abs((p.kl ?? 0) - (other.curve[i]!.kl ?? 0)))));
    }
    console.log(`${Object.keys(ours.arms).length} arms, ${CONFIG.steps} steps: the same at every evaluation; largest KL difference ${worstKl.toExponential(2)}`);
    expect(worstKl).toBeLessThan(KL_TOLERANCE);

    // One trained model per GRPO arm, two per Agon arm (mix's drafter too: it is saved, unchanged).
    expect(weights).toHaveLength(15);
    const compare = spawnSync(PYTHON, ['-c', COMPARE, project, join(dir, 'playground'), join(project, 'results'), ...weights], { encoding: 'utf8' });
    expect(compare.stderr).toBe('');
    console.log(`largest weight difference after ${CONFIG.steps} steps: ${compare.stdout.trim()}`);
    expect(Number(compare.stdout)).toBeLessThan(WEIGHT_TOLERANCE);
    // Not vacuous: mix trained its solving stream's tokens alone, Agon both streams'.
    const last = (arm: string) => ours.arms[arm]!.curve.at(-1)!;
    expect(last('mix').tokensTrained).toBeLessThan(last('mix').tokensGenerated * CONFIG.rl.num_iterations);
    expect(last('agon').tokensTrained).toBe(last('agon').tokensGenerated * CONFIG.rl.num_iterations);
    // In train.py, mix's drafting model (B) never took an update: it ends as the base pair's B. (Its solving
    // model does not move either here: in these 3 steps every group of its solutions has one reward.)
    const moved = spawnSync(PYTHON, ['-c', MOVED, project, CONFIG.task, 'mix'], { encoding: 'utf8' });
    expect(moved.stderr).toBe('');
    expect(Number(moved.stdout.trim().split(' ')[1])).toBe(0);
    // Not vacuous: the policies moved away from their reference (the KL term is live).
    expect(Math.max(...Object.values(ours.arms).flatMap((a) => a.curve.map((p) => p.kl ?? 0)))).toBeGreaterThan(1e-4);
  }, 900_000);
});
