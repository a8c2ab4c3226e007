/**
 * `npm run export:pytorch`: an experiment config (a file, or a share link) as a PyTorch project in
 * a folder. Everything is checked before anything is written, and the project is written to a
 * temporary folder beside DIR and renamed into place, so a failure leaves nothing half-made.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_EXPERIMENT, parseExperimentConfig, type ExperimentConfig } from '../core/experiment/config';
import { parseSeeds, withSeeds } from '../core/experiment/seeds';
import { shippedPairBytes, shippedPairHardSplit } from './checkpoint-dir';
import { withPairHardSplit } from '../core/experiment/experiment-family';
import { PYTORCH_SOURCES, pytorchProject, type PythonSources } from '../core/export/pytorch-project';
import { decodeFoundLink, linkInAddress } from '../app/share/share-url';

export class UsageError extends Error {}

export const USAGE = `usage: npm run export:pytorch -- (--config FILE | --link URL) --out DIR [--force]
       [--steps N] [--seeds 1,2,3] [--checkpoints DIR]
  FILE is a config JSON as the playground exports it (Download: Config), URL a share link.
  --steps and --seeds change the experiment before export (the problem stream covers them).
  DIR must be empty or absent; --force replaces what is there.`;

const SOURCE_DIR = fileURLToPath(new URL('../export/pytorch/', import.meta.url));

function readConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path} is not JSON (${(e as Error).message})`);
  }
}

/** The config a share link holds; a link that does not decode, or whose config had to be repaired, is refused. */
function configFromLink(url: string): { config: ExperimentConfig; note: string | null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--link: "${url.slice(0, 80)}" is not a URL`);
  }
  const found = linkInAddress(parsed.hash, parsed.search);
  if (!found) throw new UsageError('--link: the URL holds no experiment (no "#agon=..." part)');
  const decoded = decodeFoundLink(found, DEFAULT_EXPERIMENT);
  const message = decoded.message.replace(/ The default experiment is loaded instead; nothing was run\.$/, '');
  if (!decoded.ok) throw new UsageError(`--link: ${message}`);
  if (decoded.reset.length > 0) throw new UsageError(`--link: the link's config has invalid fields (${decoded.reset.join(', ')}); open it in the playground, fix them, and export the config`);
  return { config: decoded.link.config, note: decoded.ignored.length > 0 ? message : null };
}

function checked(config: unknown, where: string): ExperimentConfig {
  const parsed = parseExperimentConfig(config);
  if (!parsed.ok) throw new UsageError(`${where} is not a valid experiment config:\n${parsed.issues.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n')}`);
  if (parsed.config.base_pair_source === 'pretrain') {
    throw new UsageError(`${where} pretrains its base pair in the playground before the experiment; pretrain with "npm run pretrain -- --task ${parsed.config.task} --out DIR", set base_pair_source to "shipped" and pass --checkpoints DIR`);
  }
  return parsed.config;
}

function readPair(dir: string, task: string, basePair: string): { a: Uint8Array; b: Uint8Array } {
  try {
    return shippedPairBytes(dir, task, basePair);
  } catch (e) {
    throw new UsageError(`--checkpoints ${dir}: ${(e as Error).message}`);
  }
}

/** The Python files from `dir`: the repository's, or a copy beside a bundle that has no src/. */
export function readPythonSources(dir = SOURCE_DIR): PythonSources {
  return Object.fromEntries(PYTORCH_SOURCES.map((path) => [path, readFileSync(join(dir, path), 'utf8')])) as PythonSources;
}

function positiveInteger(name: string, raw: string): number {
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return v;
}

function resolveConfig(values: { config?: string; link?: string; steps?: string; seeds?: string }): { config: ExperimentConfig; notes: string[] } {
  if (!values.config === !values.link) throw new UsageError('give exactly one of --config FILE or --link URL');
  const notes: string[] = [];
  let config: ExperimentConfig;
  if (values.config) config = checked(readConfigFile(values.config), values.config);
  else {
    const fromLink = configFromLink(values.link!);
    if (fromLink.note) notes.push(fromLink.note);
    config = checked(fromLink.config, 'the link');
  }
  if (values.steps) config = { ...config, steps: positiveInteger('steps', values.steps) };
  if (values.seeds) {
    const seeds = parseSeeds(values.seeds);
    if (!seeds.ok) throw new UsageError(`--seeds: ${seeds.message}`);
    config = withSeeds(config, seeds.seeds);
  }
  return { config: checked(config, 'the config with --steps/--seeds applied'), notes };
}

/** DIR may be absent or empty; with force anything there is replaced. */
function checkTarget(out: string, force: boolean): void {
  if (!existsSync(out)) return;
  if (readdirSync(out).length > 0 && !force) throw new UsageError(`${out} exists and is not empty; pass --force to replace it`);
}

function writeProject(out: string, files: Map<string, string | Uint8Array>): void {
  const parent = dirname(out);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.${basename(out)}-export-`));
  chmodSync(staging, 0o755); // mkdtemp makes it private; the project is an ordinary folder
  try {
    for (const [path, contents] of files) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), contents);
    }
    rmSync(out, { recursive: true, force: true });
    renameSync(staging, out);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}

/** Runs the command on argv; returns what to print. Throws UsageError on bad input (nothing written then). */
export async function exportPytorch(argv: string[]): Promise<string> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        link: { type: 'string' },
        out: { type: 'string' },
        force: { type: 'boolean', default: false },
        steps: { type: 'string' },
        seeds: { type: 'string' },
        checkpoints: { type: 'string', default: 'public/checkpoints' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (!values.out) throw new UsageError('--out DIR is required');
  const out = resolve(values.out);
  const { config, notes } = resolveConfig(values);
  checkTarget(out, values.force);
  const version = (JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }).version;
  const written = await writePytorchProject(config, out, { checkpoints: values.checkpoints, appVersion: version });
  return [...notes, `wrote ${written} files to ${out}`, `run: cd ${out} && torchrun --nproc_per_node=2 train.py   (or python3 train.py)`].join('\n');
}

/** Writes the project of a checked config to `out` (replacing it); the number of files written. */
export async function writePytorchProject(config: ExperimentConfig, out: string, from: { checkpoints: string; appVersion: string; sources?: string }): Promise<number> {
  const pair = readPair(from.checkpoints, config.task, config.base_pair);
  // A pair made for its own hard split is trained and measured on it, as the runner does.
  const resolved = withPairHardSplit(config, shippedPairHardSplit(from.checkpoints, config.task, config.base_pair));
  const files = await pytorchProject({ config: resolved, pair, sources: readPythonSources(from.sources), appVersion: from.appVersion });
  writeProject(out, files);
  return files.size;
}
