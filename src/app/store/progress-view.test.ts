import { describe, expect, it } from 'vitest';
import { AGON_FIELDS } from '../../core/experiment/arm-fields';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { agonRound } from '../testing/fixtures';
import { progressView } from './progress-view';
import { applyWorkerEvent, startedRun } from './run-state';

describe('progress of a run with arms of its own', () => {
  it("counts every arm the run trains: the methods', the config's own and the sweep's, each once", () => {
    const config = {
      ...DEFAULT_EXPERIMENT,
      methods: ['agon' as const, 'zero-shot' as const],
      steps: 2,
      // The same training fields as Agon: read out from Agon's models, not trained again.
      arms: [{ name: 'heavy', ...AGON_FIELDS, bonus_weight: 2 }, { name: 'agon-again', ...AGON_FIELDS, readout: 'solo' as const }],
      sweep: { field: 'swap_every' as const, values: [1, 2], arm: {} },
    };
    // Trained: agon (also swap_every=1), heavy, swap_every=2.
    const s = applyWorkerEvent(startedRun(config, 0), { type: 'experiment', event: { type: 'round', arm: 'heavy', round: agonRound(0) } });
    expect(progressView(s, 1)).toMatchObject({ roundsDone: 1, roundsTotal: 6 });
  });
});
