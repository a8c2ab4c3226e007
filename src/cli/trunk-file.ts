/**
 * A trained trunk kept beside a pilot pair (`npm run pretrain -- --save-trunk`) and forked again by
 * another recipe with the same shared facts (`--trunk-from DIR`): <pair>-trunk.ckpt and a JSON
 * note of what made it. A trunk is only reused where it is the one the flags would train.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeCheckpointAsync, modelFromCheckpoint } from '../core/model/checkpoint';
import type { TaskFamily } from '../core/tasks/task';
import { TOKENIZER_VERSION } from '../core/tokenizer/tokenizer';
import { factGroups } from '../core/train/knowledge';
import type { PretrainConfig, TrunkStart } from '../core/train/pretrain-pair';

interface TrunkNote {
  steps: number;
  curve: TrunkStart['curve'];
  /** What the trunk depends on: the shared facts and the settings of its stage. */
  made: ReturnType<typeof madeBy>;
}

function madeBy(family: TaskFamily, config: PretrainConfig) {
  const shared = [...factGroups(family)].filter(([, group]) => group === 'shared').map(([fact]) => fact).sort();
  const { model, trunkSteps, batchSize, learningRate, seed, trunkTarget, checkEvery, plateauChecks, heldOutSize } = config;
  // The hard split's validation stops the trunk only where it has a target: unset otherwise, so trunks kept before recipes named it still match.
  const hardDifficulties = trunkTarget < 1 ? [...family.hardDifficulties] : undefined;
  return { family: family.name, shared, model, trunkSteps, batchSize, learningRate, seed, trunkTarget, checkEvery, plateauChecks, heldOutSize, hardDifficulties };
}

const paths = (dir: string, pair: string) => ({ ckpt: join(dir, `${pair}-trunk.ckpt`), note: join(dir, `${pair}-trunk.json`) });

export async function saveTrunk(dir: string, pair: string, family: TaskFamily, config: PretrainConfig, trunk: TrunkStart): Promise<void> {
  const { ckpt, note } = paths(dir, pair);
  writeFileSync(ckpt, await encodeCheckpointAsync(trunk.trunk, { tokenizerVersion: TOKENIZER_VERSION, extra: { family: family.name, member: 'trunk' } }));
  const kept: TrunkNote = { steps: trunk.steps, curve: trunk.curve, made: madeBy(family, config) };
  writeFileSync(note, JSON.stringify(kept, null, 2) + '\n');
}

/** The trunk kept in dir; throws, saying what differs, where the flags would train another one. */
export function loadTrunk(dir: string, pair: string, family: TaskFamily, config: PretrainConfig): TrunkStart {
  const { ckpt, note } = paths(dir, pair);
  if (!existsSync(ckpt) || !existsSync(note)) throw new Error(`--trunk-from ${dir}: no ${pair}-trunk.ckpt and ${pair}-trunk.json there (made by --save-trunk)`);
  const kept = JSON.parse(readFileSync(note, 'utf8')) as TrunkNote;
  const want = madeBy(family, config);
  const differ = Object.keys(want).filter((k) => JSON.stringify(kept.made[k as keyof typeof want]) !== JSON.stringify(want[k as keyof typeof want]));
  if (differ.length > 0) throw new Error(`--trunk-from ${dir}: that trunk was made with other ${differ.join(', ')} than these flags give`);
  const trunk = modelFromCheckpoint(new Uint8Array(readFileSync(ckpt)), { tokenizerVersion: TOKENIZER_VERSION, source: ckpt });
  return { trunk, steps: kept.steps, curve: kept.curve };
}
