/**
 * Pretraining the base pair in the worker, when the config asks for it instead of the
 * shipped checkpoints: the same pretrainPair, validation check and checkpoint encoding
 * as `npm run pretrain`, on whatever backend the worker selected. The pair is handed on
 * as checkpoint bytes, so the experiment loads it exactly as it loads shipped files.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import { pretrainConfigFor } from '../../core/experiment/pretrain-settings';
import { familyByName } from '../../core/tasks/families';
import { encodeBasePair } from '../../core/train/pair-checkpoints';
import { pretrainPair, type BasePair, type PretrainStage } from '../../core/train/pretrain-pair';
import { validationCheck } from '../../core/train/validation-check';
import { PretrainClock } from './pretrain-clock';
import { PretrainStopped, type PretrainGate } from './pretrain-gate';
import type { WorkerEvent } from './protocol';

/** Progress goes out at most this often (a step on a real GPU takes milliseconds), plus at every check and stage end. */
const POST_EVERY_MS = 200;

export interface PretrainedPair {
  bytes: { a: Uint8Array; b: Uint8Array };
  /** The names `npm run pretrain` would give the files. */
  files: { a: string; b: string };
  /** Steps each stage trained. */
  pretrained: Record<PretrainStage, number>;
}

async function encoded(pair: BasePair, config: ExperimentConfig): Promise<PretrainedPair> {
  try {
    const bytes = await encodeBasePair(pair, familyByName(config.task));
    return { bytes, files: { a: `${config.task}-a.ckpt`, b: `${config.task}-b.ckpt` }, pretrained: pair.steps };
  } finally {
    // The runner builds its own models from the bytes, as it does for shipped files.
    pair.a.dispose();
    pair.b.dispose();
  }
}

/** Resolves to null when stopped: a half-trained pair is not kept. */
export async function pretrainInWorker(config: ExperimentConfig, gate: PretrainGate, post: (event: WorkerEvent) => void): Promise<PretrainedPair | null> {
  // The schema refuses base_pair_source 'pretrain' without settings; this narrows the type.
  if (!config.pretrain) throw new Error('pretraining needs its settings');
  const family = familyByName(config.task);
  const pretrainConfig = pretrainConfigFor(family, config.pretrain);
  const clock = new PretrainClock(pretrainConfig);
  const started = Date.now();
  let lastPost = 0;
  try {
    const pair = await pretrainPair(
      family,
      pretrainConfig,
      validationCheck(family, config.pretrain.check_problems),
      (p) => {
        const now = Date.now();
        const progress = clock.update(p, now - started, now - started - gate.pausedMs(now));
        if (p.validation === undefined && p.step < p.steps && now - lastPost < POST_EVERY_MS) return;
        lastPost = now;
        post({ type: 'pretrain-progress', progress });
      },
      gate.between,
    );
    return await encoded(pair, config);
  } catch (e) {
    if (!(e instanceof PretrainStopped)) throw e;
    post({ type: 'pretrain-stopped' });
    return null;
  }
}
