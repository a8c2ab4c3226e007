/**
 * The base pairs in public/checkpoints: what the manifest promises (files, sizes,
 * hashes, config, metrics in the band RL needs) holds, and the models still solve
 * today's task family, so a change to a family that leaves its shipped pair behind fails here.
 * The recorded premise figures (npm run diagnose, 1000 problems) must show what Agon
 * needs, and a fast recheck on the first 100 problems must land within sampling error of them.
 * The recorded pass@k alone (npm run diagnose --pass-at-k-only, 1000 problems) must agree with
 * the premise's pass@1.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { basePairId } from '../experiment/base-pair';
import { perfectJudge } from '../diagnostics/figures';
import { measurePremise } from '../diagnostics/measure';
import { passAtKSchema } from '../diagnostics/pass-at-k-schema';
import { premiseSchema, type Premise } from '../diagnostics/premise-schema';
import { CASCADES, modelCompleter } from '../diagnostics/rollouts';
import { soloStage } from '../eval/cascade';
import { CHECKPOINT_VERSION, decodeCheckpoint, modelFromCheckpoint } from '../model/checkpoint';
import { completionBudget } from '../tasks/budget';
import { testHardSplit } from '../tasks/splits';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';
import { pretrainModelConfig } from './pretrain-defaults';
import { pairFamily } from '../../cli/checkpoint-dir';
import { flattened } from './pretrain-pair';

const DIR = 'public/checkpoints';
const manifest = JSON.parse(readFileSync(`${DIR}/manifest.json`, 'utf8'));
const MAX_BYTES = 2 * 1024 * 1024;
/** Recorded experiment results (npm run experiment), each naming the base pair it ran on. */
const RESULTS = 'docs/results';
/** Problems sampled per model: a model at 15% solves fewer than 3 of 50 about 1.4% of the time (the sampling is seeded). */
const SAMPLED = 50;
/** Problems of the premise recheck. */
const RECHECK = 100;
/** How many standard errors of the recheck a recorded figure may lie from it (seeded, so a pass is stable). */
const TOLERANCE_SE = 4;

/** A recorded rate against its recheck: within TOLERANCE_SE binomial standard errors of RECHECK problems. */
function expectRate(label: string, recorded: number, recheck: number) {
  const se = Math.sqrt(Math.max(recorded * (1 - recorded), 0.01) / RECHECK);
  expect(Math.abs(recheck - recorded), `${label}: recorded ${recorded}, recheck ${recheck}`).toBeLessThanOrEqual(TOLERANCE_SE * se);
}

/** A recorded lift against its recheck: within TOLERANCE_SE standard errors read off the recheck's 95% interval. */
function expectLift(label: string, recorded: Premise['cascades']['A->B']['lift'], recheck: Premise['cascades']['A->B']['lift']) {
  const se = (recheck.high - recheck.low) / (2 * 1.96);
  expect(Math.abs(recheck.mean - recorded.mean), `${label} lift: recorded ${recorded.mean}, recheck ${recheck.mean}`).toBeLessThanOrEqual(TOLERANCE_SE * se + 1e-9);
}

/** The base_pair ids of the recorded results of a task. */
function recordedPairIds(task: string): string[] {
  return readdirSync(RESULTS)
    .flatMap((dir) => readdirSync(`${RESULTS}/${dir}`).filter((f) => /^result-seed\d+\.json$/.test(f)).map((f) => `${RESULTS}/${dir}/${f}`))
    .map((path) => JSON.parse(readFileSync(path, 'utf8')).config as { task: string; base_pair: string })
    .filter((config) => config.task === task)
    .map((config) => config.base_pair);
}

describe.each(Object.keys(manifest.pairs))('the shipped %s base pair', (name) => {
  const entry = manifest.pairs[name];
  const task: string = entry.task;
  // The family as the pair was made: its recipe's deal of facts and its hard split.
  const family = pairFamily(entry, name);
  const load = (member: 'a' | 'b') => {
    const path = `${DIR}/${entry.files[member].file}`;
    return modelFromCheckpoint(new Uint8Array(readFileSync(path)), { tokenizerVersion: TOKENIZER_VERSION, source: path });
  };

  beforeAll(async () => {
    await tf.setBackend('wasm');
  });

  it('matches its manifest entry: files, sizes, hashes, config and family tag', () => {
    expect(entry).toBeDefined();
    expect(entry.config.model).toEqual(pretrainModelConfig(family));
    for (const member of ['a', 'b'] as const) {
      const bytes = new Uint8Array(readFileSync(`${DIR}/${entry.files[member].file}`));
      expect(bytes.length).toBe(entry.files[member].bytes);
      expect(bytes.length).toBeLessThan(MAX_BYTES);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry.files[member].sha256);
      const decoded = decodeCheckpoint(bytes, entry.files[member].file);
      expect(decoded.version, 'written with a checksum per tensor').toBe(CHECKPOINT_VERSION);
      expect(decoded.config).toEqual(entry.config.model);
      expect(decoded.extra).toEqual({ family: task, member: member.toUpperCase() });
    }
  });

  it('is the pair recorded results ran on: rewriting it with checksums left its weights and its id as they were', () => {
    const read = (member: 'a' | 'b') => new Uint8Array(readFileSync(`${DIR}/${entry.files[member].file}`));
    // The id the manifest records is how a saved run's config finds its pair again.
    expect(entry.id).toBe(basePairId(task, read('a'), read('b')));
    expect(entry.task).toBe(task);
    // Every recorded result ran on a pair that is still shipped, as it was; a family's own pair has results.
    const shipped = Object.values(manifest.pairs as Record<string, { id: string }>).map((pair) => pair.id);
    for (const id of recordedPairIds(task)) expect(shipped).toContain(id);
    if (name === task) expect(recordedPairIds(task)).toContain(entry.id);
  });

  it('records test-hard pass@1 inside the 15-60% band for both models', () => {
    for (const member of ['a', 'b'] as const) {
      expect(entry.metrics.testHard[member]).toBeGreaterThanOrEqual(0.15);
      expect(entry.metrics.testHard[member]).toBeLessThanOrEqual(0.6);
    }
  });

  it('holds the premise Agon needs, as recorded: reading the rival helps, reading oneself less', () => {
    const p = premiseSchema.parse(entry.premise);
    expect(p.problems).toBe(1000);
    const cascade = Math.max(p.cascades['A->B'].passAt1, p.cascades['B->A'].passAt1);
    const selfRefine = Math.max(p.cascades['A->A'].passAt1, p.cascades['B->B'].passAt1);
    const lift = Math.max(p.cascades['A->B'].lift.mean, p.cascades['B->A'].lift.mean);
    expect(lift, 'untrained cascade over the better single model').toBeGreaterThanOrEqual(0.05);
    expect(cascade - selfRefine, 'untrained cascade over self-refinement').toBeGreaterThanOrEqual(0.03);
    expect(cascade, 'room left for RL').toBeLessThanOrEqual(0.75);
    for (const m of ['A', 'B'] as const) {
      expect(p.solo[m].sampled).toBeGreaterThanOrEqual(0.15);
      expect(p.solo[m].sampled).toBeLessThanOrEqual(0.6);
    }
  });

  it('records each model\'s pass@k alone by knowledge group on all of test-hard, its pass@1 within sampling error of the premise\'s', () => {
    const p = passAtKSchema.parse(entry.passAtK);
    expect(p).toMatchObject({ problems: 1000, samples: 64, ks: [1, 4, 16, 64], temperature: 1, topP: 1 });
    const [all, ...groups] = p.rows;
    expect(all!.group).toBe('all');
    expect(groups.reduce((sum, row) => sum + row.problems, 0)).toBe(1000);
    const premise = premiseSchema.parse(entry.premise);
    for (const m of ['A', 'B'] as const) {
      // Two samplings of the same rate (64 and 4 samples a problem): within 4 standard errors of 1000 problems.
      const se = Math.sqrt((premise.solo[m].sampled * (1 - premise.solo[m].sampled)) / 1000);
      expect(Math.abs(all![m][0]!.mean - premise.solo[m].sampled), `${m} pass@1`).toBeLessThanOrEqual(4 * se);
      for (const row of p.rows) {
        const means = row[m].map((cell) => cell.mean);
        expect(means, `${m} ${row.group}: pass@k grows with k`).toEqual([...means].sort((x, y) => x - y));
        row.referenceTrace[m].forEach((cell, i) => expect(cell.mean, `${m} ${row.group}: with the reference trace is stricter`).toBeLessThanOrEqual(means[i]!));
      }
    }
  });

  it('trained every stage until its held-out loss flattened', () => {
    for (const stage of ['trunk', 'A', 'B'] as const) {
      const curve: { step: number; heldOut: number }[] = entry.curves[stage];
      expect(curve.at(-1)?.step).toBe(entry.stepsTrained[stage]);
      expect(flattened(curve.map((point) => point.heldOut), entry.config.plateauChecks), stage).toBe(true);
    }
  });

  it('still solves problems of the current test-hard split', async () => {
    const problems = testHardSplit(family).slice(0, SAMPLED);
    const sampling = { temperature: 1, topP: 1, maxNewTokens: completionBudget(family), seed: 7 };
    for (const member of ['a', 'b'] as const) {
      const model = load(member);
      const solved = (await soloStage(model, family, problems, sampling)).result.correct.filter(Boolean).length;
      model.dispose();
      expect(solved).toBeGreaterThanOrEqual(3);
    }
  });

  it('lands near its recorded premise figures on a recheck of the first 100 problems', async () => {
    const recorded = premiseSchema.parse(entry.premise);
    const [a, b] = [load('a'), load('b')];
    const recheck = await measurePremise({ A: modelCompleter(a), B: modelCompleter(b) }, family, { ...recorded, problems: RECHECK });
    a.dispose();
    b.dispose();
    for (const m of ['A', 'B'] as const) {
      expectRate(`${m} sampled`, recorded.solo[m].sampled, recheck.solo[m].sampled);
      expectRate(`${m} greedy`, recorded.solo[m].greedy, recheck.solo[m].greedy);
    }
    for (const { name } of CASCADES) {
      expectRate(name, recorded.cascades[name].passAt1, recheck.cascades[name].passAt1);
      // A lift is over the better model; on 100 problems the other one may come out ahead, and then the lifts measure different things.
      if (recheck.better === recorded.better) expectLift(name, recorded.cascades[name].lift, recheck.cascades[name].lift);
    }
  }, 600_000);
});

/** The untrained figures of the paper's base (docs/base-pair.md), fixed before any RL ran on a paper-premise pair. */
function expectPaperBase(name: string) {
  const p = premiseSchema.parse(manifest.pairs[name].premise);
  expect(p.problems).toBe(1000);
  const zeroShot = p.solo[p.better].sampled;
  const moa = [p.cascades['A->B'], p.cascades['B->A']];
  const lift = Math.max(...moa.map((c) => c.lift.mean));
  const selfRefinement = p.cascades[`${p.better}->${p.better}`].passAt1 - zeroShot;
  const judge = Math.max(...moa.map(perfectJudge)) - zeroShot;
  expect(zeroShot, 'the better single model').toBeGreaterThanOrEqual(0.18);
  expect(zeroShot, 'the better single model').toBeLessThanOrEqual(0.28);
  expect(lift, 'MoA, the better direction, over zero-shot').toBeGreaterThanOrEqual(0.07);
  expect(lift, 'MoA, the better direction, over zero-shot').toBeLessThanOrEqual(0.15);
  expect(selfRefinement, 'self-refinement over zero-shot').toBeGreaterThanOrEqual(0);
  expect(selfRefinement, 'self-refinement over zero-shot').toBeLessThanOrEqual(0.09);
  expect(judge, 'a perfect judge over zero-shot').toBeGreaterThanOrEqual(0.15);
}

describe('the paper-premise math pair', () => {
  it("meets the paper base's untrained targets on 1000 test-hard problems", () => expectPaperBase('math-premise'));
});

describe('the paper-premise code pair', () => {
  it("meets the paper base's untrained targets on 1000 test-hard problems", () => expectPaperBase('code-premise'));

  it('leaves the rival\'s programs out of reward\'s reach: the better model finds at most 10% of the rival-only problems in 64 samples', () => {
    const entry = manifest.pairs['code-premise'];
    const better = premiseSchema.parse(entry.premise).better;
    const p = passAtKSchema.parse(entry.passAtK);
    const rivals = p.rows.find((row) => row.group === (better === 'A' ? 'B only' : 'A only'))!;
    expect(rivals.problems).toBeGreaterThan(100);
    expect(rivals[better][p.ks.indexOf(64)]!.mean, `${better}'s pass@64 on the rival's problems`).toBeLessThanOrEqual(0.1);
  });

  it('was made for a test-hard of three-primitive programs, and its family draws from it', () => {
    const entry = manifest.pairs['code-premise'];
    expect(entry.recipe.hardDifficulties).toEqual([3]);
    expect(pairFamily(entry, 'code-premise').hardDifficulties).toEqual([3]);
  });
});
