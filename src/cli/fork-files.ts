/**
 * The forks a pretraining run keeps in --out as each finishes (<pair>-a.fork.ckpt and .json, the
 * same for b), so that `npm run pretrain -- ... --resume` continues a killed run from its last
 * finished fork, and `--only-fork A|B` can train the two forks in two processes at once.
 * A kept fork is only used where the flags would train the same one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeCheckpointAsync, modelFromCheckpoint } from '../core/model/checkpoint';
import type { TaskFamily } from '../core/tasks/task';
import { TOKENIZER_VERSION } from '../core/tokenizer/tokenizer';
import type { ForkDone, ForkStage, PretrainConfig } from '../core/train/pretrain-pair';
import type { PretrainRecipe } from '../core/train/recipe';

interface ForkNote {
  steps: number;
  curve: ForkDone['curve'];
  /** What the fork depends on: the family, its recipe and every pretraining setting. */
  made: { family: string; recipe: PretrainRecipe; config: PretrainConfig };
}

const paths = (dir: string, pair: string, stage: ForkStage) => {
  const base = join(dir, `${pair}-${stage.toLowerCase()}.fork`);
  return { ckpt: `${base}.ckpt`, note: `${base}.json` };
};

export async function saveFork(dir: string, pair: string, family: TaskFamily, recipe: PretrainRecipe, config: PretrainConfig, stage: ForkStage, done: ForkDone): Promise<void> {
  const { ckpt, note } = paths(dir, pair, stage);
  writeFileSync(ckpt, await encodeCheckpointAsync(done.model, { tokenizerVersion: TOKENIZER_VERSION, extra: { family: family.name, member: stage } }));
  const kept: ForkNote = { steps: done.steps, curve: done.curve, made: { family: family.name, recipe, config } };
  writeFileSync(note, JSON.stringify(kept, null, 2) + '\n');
}

/** The forks kept in dir; throws, saying what differs, where the flags would train other ones. */
export function loadForks(dir: string, pair: string, family: TaskFamily, recipe: PretrainRecipe, config: PretrainConfig): Partial<Record<ForkStage, ForkDone>> {
  const want: ForkNote['made'] = { family: family.name, recipe, config };
  const found: Partial<Record<ForkStage, ForkDone>> = {};
  for (const stage of ['A', 'B'] as const) {
    const { ckpt, note } = paths(dir, pair, stage);
    if (!existsSync(ckpt) || !existsSync(note)) continue;
    const kept = JSON.parse(readFileSync(note, 'utf8')) as ForkNote;
    const differ = (Object.keys(want) as (keyof ForkNote['made'])[]).filter((k) => JSON.stringify(kept.made[k]) !== JSON.stringify(want[k]));
    if (differ.length > 0) throw new Error(`--resume: the fork ${stage} kept in ${dir} was made with another ${differ.join(', ')} than these flags give`);
    const model = modelFromCheckpoint(new Uint8Array(readFileSync(ckpt)), { tokenizerVersion: TOKENIZER_VERSION, source: ckpt });
    found[stage] = { model, steps: kept.steps, curve: kept.curve };
  }
  return found;
}
