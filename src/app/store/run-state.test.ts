import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import type { ExperimentEvent } from '../../core/experiment/events';
import type { ExperimentResult } from '../../core/experiment/result';
import { agonRound, candidate, evalPoint } from '../testing/fixtures';
import type { WorkerEvent } from '../worker/protocol';
import { progressView } from './progress-view';
import { applyWorkerEvent, startedRun, type RunState } from './run-state';

const config = { ...DEFAULT_EXPERIMENT, methods: ['agon', 'zero-shot'] as const, steps: 2 };
const ex = (event: ExperimentEvent): WorkerEvent => ({ type: 'experiment', event });
const reduce = (events: WorkerEvent[], from: RunState = startedRun({ ...config, methods: [...config.methods] }, 0)) => events.reduce(applyWorkerEvent, from);
const basePair: WorkerEvent = { type: 'base-pair', pair: { id: 'math:x:y', files: { a: 'math-a.ckpt', b: 'math-b.ckpt' }, bytes: 2 } };

describe('run state', () => {
  it('goes loading -> running -> paused -> running', () => {
    let s = reduce([]);
    expect(s.status).toBe('loading');
    s = reduce([basePair], s);
    expect(s.status).toBe('running');
    s = reduce([ex({ type: 'paused' })], s);
    expect(s.status).toBe('paused');
    s = reduce([ex({ type: 'resumed' })], s);
    expect(s.status).toBe('running');
  });

  it('collects eval points per arm and rounds in order', () => {
    const s = reduce([
      basePair,
      ex({ type: 'arm-start', arm: 'base' }),
      ex({ type: 'eval', arm: 'base', point: evalPoint(0, { 'zero-shot': { candidates: [candidate('A', 1, 10)], chosen: 0 } }) }),
      ex({ type: 'arm-start', arm: 'agon' }),
      ex({ type: 'round', arm: 'agon', round: agonRound(0) }),
      ex({ type: 'round', arm: 'agon', round: agonRound(1) }),
    ]);
    expect(s.arms.base?.curve).toHaveLength(1);
    expect(s.arms.agon?.stepsDone).toBe(2);
    expect(s.rounds.map((r) => r.summary.step)).toEqual([0, 1]);
    expect(progressView(s, 1000)).toMatchObject({ roundsDone: 2, roundsTotal: 2, fraction: 1 });
  });

  it('keeps what was measured when the run fails or is stopped', () => {
    const before = reduce([basePair, ex({ type: 'round', arm: 'agon', round: agonRound(0) })]);
    const failed = applyWorkerEvent(before, { type: 'fatal', message: 'device lost' });
    expect(failed.status).toBe('failed');
    expect(failed.rounds).toHaveLength(1);
    expect(failed.messages).toEqual([{ level: 'error', text: 'device lost' }]);
    const result = { status: 'cancelled', arms: before.arms, table: [] } as unknown as ExperimentResult;
    const stopped = applyWorkerEvent(before, ex({ type: 'done', result }));
    expect(stopped.status).toBe('cancelled');
    expect(stopped.rounds).toHaveLength(1);
  });

  it('on a backend switch after a device loss, drops what the continuation does again and says why', () => {
    const zs = { 'zero-shot': { candidates: [candidate('A', 1, 10)], chosen: 0 } };
    const before = reduce([
      basePair,
      ex({ type: 'arm-start', arm: 'base' }),
      ex({ type: 'eval', arm: 'base', point: evalPoint(0, zs) }),
      ex({ type: 'arm-start', arm: 'agon' }),
      ex({ type: 'eval', arm: 'agon', point: evalPoint(0, {}) }),
      ex({ type: 'round', arm: 'agon', round: agonRound(0) }),
      ex({ type: 'eval', arm: 'agon', point: evalPoint(1, {}) }),
      ex({ type: 'round', arm: 'agon', round: agonRound(1) }),
    ]);
    const info = { name: 'wasm' as const, tried: [{ name: 'wasm' as const, ok: true }], crossOriginIsolated: false, deviceLost: 'lost' };
    const after = applyWorkerEvent(before, { type: 'backend-switch', info, message: 'WebGPU device lost after step 2', restart: { agon: 1 } });
    expect(after.arms.agon?.curve.map((p) => p.step)).toEqual([0, 1]);
    expect(after.arms.agon?.stepsDone).toBe(1);
    expect(after.arms.base).toEqual(before.arms.base);
    expect(after.rounds.map((r) => r.summary.step)).toEqual([0]);
    expect(after.messages).toEqual([{ level: 'warning', text: 'WebGPU device lost after step 2' }]);
    expect(after.status).toBe('running');
    // An arm with no saved state starts over: its step-0 evaluation comes again.
    const over = applyWorkerEvent(before, { type: 'backend-switch', info, message: 'm', restart: { agon: 0 } });
    expect(over.arms.agon?.curve).toEqual([]);
    expect(over.rounds).toEqual([]);
  });

  it('ignores a late pause once the run has ended', () => {
    const ended = applyWorkerEvent(reduce([basePair]), { type: 'fatal', message: 'x' });
    expect(applyWorkerEvent(ended, ex({ type: 'paused' })).status).toBe('failed');
  });
});
