/**
 * A checkpoint folder (public/checkpoints by default): its manifest.json and the base
 * pairs it lists, each file checked against the manifest's size and SHA-256.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFromCheckpoint } from '../core/model/checkpoint';
import type { Transformer } from '../core/model/transformer';
import { manifestKey, shippedPairOf } from '../core/experiment/shipped-pair';
import { familyByName } from '../core/tasks/families';
import type { TaskFamily } from '../core/tasks/task';
import { TOKENIZER_VERSION } from '../core/tokenizer/tokenizer';
import { withRecipe, type PretrainRecipe } from '../core/train/recipe';

interface ManifestFile {
  file: string;
  bytes: number;
  sha256: string;
}

/** A pair's entry; `task` and `recipe` are absent in entries made before pairs had names of their own. */
interface ManifestEntry {
  files: { a: ManifestFile; b: ManifestFile };
  id?: string;
  task?: string;
  /** Without splitSeed or hardDifficulties in entries recorded before recipes had them. */
  recipe?: Omit<PretrainRecipe, 'splitSeed' | 'hardDifficulties'> & Partial<Pick<PretrainRecipe, 'splitSeed' | 'hardDifficulties'>>;
  [field: string]: unknown;
}

/** The manifest as JSON: entries are kept whole, only the fields read here are typed. */
export interface Manifest {
  version: number;
  pairs: Record<string, ManifestEntry>;
}

export function manifestPath(dir: string): string {
  return join(dir, 'manifest.json');
}

export function readManifest(dir: string): Manifest {
  const path = manifestPath(dir);
  if (!existsSync(path)) return { version: 1, pairs: {} };
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Rounds long fractions (interval ends, correlations) so the manifest stays readable; counts are unchanged. */
export function roundNumbers(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(6)) : value;
}

export function writeManifest(dir: string, manifest: Manifest): void {
  writeFileSync(manifestPath(dir), JSON.stringify(manifest, roundNumbers, 2) + '\n');
}

function checkedBytes(dir: string, entry: ManifestFile): Uint8Array {
  const path = join(dir, entry.file);
  if (!existsSync(path)) throw new Error(`${path} is missing (listed in ${manifestPath(dir)})`);
  const bytes = new Uint8Array(readFileSync(path));
  if (bytes.length !== entry.bytes) throw new Error(`${path}: ${bytes.length} bytes, the manifest says ${entry.bytes}`);
  if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) throw new Error(`${path}: SHA-256 does not match the manifest`);
  return bytes;
}

/**
 * The checkpoint bytes of the shipped pair a config's base_pair names (see shipped-pair.ts),
 * each checked against the manifest; throws naming the missing entry or file.
 */
export function shippedPairBytes(dir: string, task: string, basePair: string): { a: Uint8Array; b: Uint8Array } {
  const { key, entry } = shippedPairEntry(dir, task, basePair);
  if (!entry) throw new Error(`${manifestPath(dir)} has no base pair "${key}"; create it with "npm run pretrain -- --task ${task}${key === task ? '' : ` --pair ${key}`} --out ${dir}"`);
  return { a: checkedBytes(dir, entry.files.a), b: checkedBytes(dir, entry.files.b) };
}

/** The hard split the shipped pair a config's base_pair names was made for, where its entry records one. */
export function shippedPairHardSplit(dir: string, task: string, basePair: string): readonly number[] | undefined {
  return shippedPairEntry(dir, task, basePair).entry?.recipe?.hardDifficulties;
}

/** The manifest name and entry (if listed) of the shipped pair a config's base_pair names. */
function shippedPairEntry(dir: string, task: string, basePair: string): { key: string; entry: ManifestEntry | undefined } {
  const manifest = readManifest(dir);
  const key = manifestKey(task, shippedPairOf(task, basePair, manifest.pairs));
  return { key, entry: manifest.pairs[key] };
}

/** The family a pair was pretrained on and its recipe: the entry's, or for a pair made before recipes were recorded, the family's own. */
export function pairFamily(entry: Pick<ManifestEntry, 'task' | 'recipe'>, name: string): TaskFamily {
  const family = familyByName(entry.task ?? name);
  // Every pair recorded before recipes had a split seed or hard difficulties was made with its family's own.
  return entry.recipe ? withRecipe(family, { splitSeed: family.splitSeed, hardDifficulties: family.hardDifficulties, ...entry.recipe }) : family;
}

/** Loads a pair (by its manifest name: a family's, or e.g. math-premise) from the folder; throws with a clear message when it is missing or does not match. */
export function loadPair(dir: string, name: string): { pair: { a: Transformer; b: Transformer }; family: TaskFamily } {
  const entry = readManifest(dir).pairs[name];
  if (!entry) throw new Error(`${manifestPath(dir)} has no base pair "${name}"; create it with "npm run pretrain -- --task ${name.split('-')[0]}${name.includes('-') ? ` --pair ${name}` : ''}"`);
  const family = pairFamily(entry, name);
  const a = modelFromCheckpoint(checkedBytes(dir, entry.files.a), { tokenizerVersion: TOKENIZER_VERSION, source: join(dir, entry.files.a.file) });
  try {
    return { pair: { a, b: modelFromCheckpoint(checkedBytes(dir, entry.files.b), { tokenizerVersion: TOKENIZER_VERSION, source: join(dir, entry.files.b.file) }) }, family };
  } catch (e) {
    a.dispose();
    throw e;
  }
}
