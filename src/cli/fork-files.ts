/**
 * The forks a pretraining run keeps in --out: each as it finishes (<pair>-a.fork.ckpt and .json,
 * the same for b), and each unfinished one at its last check (<pair>-a.cut.ckpt, .adam and .json:
 * weights, optimizer state, step, curve and example stream). `npm run pretrain -- ... --resume`
 * goes on from them exactly as an uncut run would, and `--only-fork A|B` can train the two forks
 * in two processes at once. A kept fork is only used where the flags would train the same one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeCheckpointAsync, modelFromCheckpoint } from '../core/model/checkpoint';
import type { TaskFamily } from '../core/tasks/task';
import { TOKENIZER_VERSION } from '../core/tokenizer/tokenizer';
import type { Transformer } from '../core/model/transformer';
import type { ForkDone, ForkStage, PretrainConfig, StageCut } from '../core/train/pretrain-pair';
import type { PretrainRecipe } from '../core/train/recipe';

interface ForkNote {
  steps: number;
  curve: ForkDone['curve'];
  /** What the fork depends on: the family, its recipe and every pretraining setting. */
  made: { family: string; recipe: PretrainRecipe; config: PretrainConfig };
}

interface CutNote {
  step: number;
  curve: StageCut['curve'];
  examples: number;
  made: ForkNote['made'];
  /** Of the weights and the optimizer state: a run killed while writing them leaves a cut that does not match. */
  sha256: { ckpt: string; adam: string };
}

const paths = (dir: string, pair: string, stage: ForkStage) => {
  const base = join(dir, `${pair}-${stage.toLowerCase()}`);
  return { ckpt: `${base}.fork.ckpt`, note: `${base}.fork.json`, cut: { ckpt: `${base}.cut.ckpt`, adam: `${base}.cut.adam`, note: `${base}.cut.json` } };
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Written beside and then renamed over: a file is whole or not there. */
function writeWhole(path: string, bytes: Uint8Array | string): void {
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
}

const encode = (model: Transformer, family: TaskFamily, stage: ForkStage) => encodeCheckpointAsync(model, { tokenizerVersion: TOKENIZER_VERSION, extra: { family: family.name, member: stage } });

export async function saveFork(dir: string, pair: string, family: TaskFamily, recipe: PretrainRecipe, config: PretrainConfig, stage: ForkStage, done: ForkDone): Promise<void> {
  const { ckpt, note, cut } = paths(dir, pair, stage);
  writeWhole(ckpt, await encode(done.model, family, stage));
  const kept: ForkNote = { steps: done.steps, curve: done.curve, made: { family: family.name, recipe, config } };
  writeWhole(note, JSON.stringify(kept, null, 2) + '\n');
  for (const path of Object.values(cut)) rmSync(path, { force: true });
}

export async function saveCut(dir: string, pair: string, family: TaskFamily, recipe: PretrainRecipe, config: PretrainConfig, stage: ForkStage, model: Transformer, cut: StageCut): Promise<void> {
  const files = paths(dir, pair, stage).cut;
  const ckpt = await encode(model, family, stage);
  writeWhole(files.ckpt, ckpt);
  writeWhole(files.adam, cut.trainer.optimizer);
  const kept: CutNote = { step: cut.step, curve: cut.curve, examples: cut.trainer.examples, made: { family: family.name, recipe, config }, sha256: { ckpt: sha256(ckpt), adam: sha256(cut.trainer.optimizer) } };
  writeWhole(files.note, JSON.stringify(kept) + '\n');
}

function refuseOther(kept: ForkNote['made'], want: ForkNote['made'], what: string): void {
  const differ = (Object.keys(want) as (keyof ForkNote['made'])[]).filter((k) => JSON.stringify(kept[k]) !== JSON.stringify(want[k]));
  if (differ.length > 0) throw new Error(`--resume: ${what} was made with another ${differ.join(', ')} than these flags give`);
}

/** The forks cut at a check in dir (those not finished); throws where the flags differ or a cut is torn. */
export function loadCuts(dir: string, pair: string, family: TaskFamily, recipe: PretrainRecipe, config: PretrainConfig, stages: readonly ForkStage[]): Partial<Record<ForkStage, { model: Transformer; cut: StageCut }>> {
  const want: ForkNote['made'] = { family: family.name, recipe, config };
  const found: Partial<Record<ForkStage, { model: Transformer; cut: StageCut }>> = {};
  for (const stage of stages) {
    const files = paths(dir, pair, stage).cut;
    if (!existsSync(files.note)) continue;
    const kept = JSON.parse(readFileSync(files.note, 'utf8')) as CutNote;
    refuseOther(kept.made, want, `the fork ${stage} cut in ${dir}`);
    const ckpt = new Uint8Array(existsSync(files.ckpt) ? readFileSync(files.ckpt) : []);
    const adam = new Uint8Array(existsSync(files.adam) ? readFileSync(files.adam) : []);
    if (sha256(ckpt) !== kept.sha256.ckpt || sha256(adam) !== kept.sha256.adam) {
      throw new Error(`--resume: the fork ${stage} cut in ${dir} is torn (a run was killed while saving it); delete ${Object.values(files).join(', ')} to train that fork from its start`);
    }
    const model = modelFromCheckpoint(ckpt, { tokenizerVersion: TOKENIZER_VERSION, source: files.ckpt });
    found[stage] = { model, cut: { step: kept.step, curve: kept.curve, trainer: { optimizer: adam, examples: kept.examples } } };
  }
  return found;
}

/** The forks kept in dir; throws, saying what differs, where the flags would train other ones. */
export function loadForks(dir: string, pair: string, family: TaskFamily, recipe: PretrainRecipe, config: PretrainConfig, stages: readonly ForkStage[]): Partial<Record<ForkStage, ForkDone>> {
  const want: ForkNote['made'] = { family: family.name, recipe, config };
  const found: Partial<Record<ForkStage, ForkDone>> = {};
  for (const stage of stages) {
    const { ckpt, note } = paths(dir, pair, stage);
    if (!existsSync(ckpt) || !existsSync(note)) continue;
    const kept = JSON.parse(readFileSync(note, 'utf8')) as ForkNote;
    refuseOther(kept.made, want, `the fork ${stage} kept in ${dir}`);
    const model = modelFromCheckpoint(new Uint8Array(readFileSync(ckpt)), { tokenizerVersion: TOKENIZER_VERSION, source: ckpt });
    found[stage] = { model, steps: kept.steps, curve: kept.curve };
  }
  return found;
}

/** The files of the given forks an earlier run kept in dir: a run without --resume would write over them. */
export function keptFiles(dir: string, pair: string, stages: readonly ForkStage[]): string[] {
  return stages.flatMap((stage) => {
    const { ckpt, note, cut } = paths(dir, pair, stage);
    return [ckpt, note, ...Object.values(cut)].filter((path) => existsSync(path));
  });
}
