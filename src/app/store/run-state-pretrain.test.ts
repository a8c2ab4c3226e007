import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { defaultPretrainSettings } from '../../core/experiment/pretrain-settings';
import type { PretrainStatus } from '../worker/pretrain-clock';
import type { WorkerEvent } from '../worker/protocol';
import { applyWorkerEvent, startedRun, type RunState } from './run-state';

const config = { ...DEFAULT_EXPERIMENT, base_pair_source: 'pretrain' as const, pretrain: defaultPretrainSettings('math') };
const reduce = (events: WorkerEvent[], from: RunState = startedRun(config, 0)) => events.reduce(applyWorkerEvent, from);

const status = (stage: PretrainStatus['stage'], step: number, validation: number | null = null): PretrainStatus => ({
  stage,
  step,
  steps: 10,
  stepsDone: step,
  loss: 1,
  validation,
  target: 0.2,
  elapsedMs: 100 * step,
  etaMs: 1000,
});
const progress = (p: PretrainStatus): WorkerEvent => ({ type: 'pretrain-progress', progress: p });

describe('run state while pretraining the base pair', () => {
  it('starts with no pretraining progress, then keeps the latest', () => {
    expect(reduce([]).pretrain).toBeNull();
    const s = reduce([progress(status('trunk', 1)), progress(status('trunk', 2, 0.1))]);
    expect(s.pretrain).toEqual(status('trunk', 2, 0.1));
    expect(s.status).toBe('loading');
  });

  it('pauses and resumes back to loading, and the pair then starts the experiment', () => {
    let s = reduce([progress(status('A', 3)), { type: 'pretrain-paused' }]);
    expect(s.status).toBe('paused');
    s = reduce([{ type: 'pretrain-resumed' }], s);
    expect(s.status).toBe('loading');
    s = reduce([{ type: 'base-pair', pair: { id: 'math:x:y', files: { a: 'math-a.ckpt', b: 'math-b.ckpt' }, bytes: 2, pretrained: { trunk: 5, A: 2, B: 3 } } }], s);
    expect(s.status).toBe('running');
    expect(s.basePair?.pretrained).toEqual({ trunk: 5, A: 2, B: 3 });
    expect(s.pretrain?.stage).toBe('A');
  });

  it('a stop during pretraining ends the run as stopped, keeping the progress', () => {
    const s = reduce([progress(status('B', 4, 0.25)), { type: 'pretrain-stopped' }]);
    expect(s.status).toBe('cancelled');
    expect(s.pretrain).toEqual(status('B', 4, 0.25));
    expect(s.activity).toBe('');
  });

  it('ignores a late pause or resume once the run has ended', () => {
    const ended = reduce([{ type: 'pretrain-stopped' }]);
    expect(reduce([{ type: 'pretrain-paused' }], ended).status).toBe('cancelled');
    expect(reduce([{ type: 'pretrain-resumed' }], ended).status).toBe('cancelled');
  });

  it('a new start forgets the previous pretraining', () => {
    expect(startedRun(config, 5).pretrain).toBeNull();
  });
});
