// Every config and result the docs ship (docs/experiments/*.json, docs/results/*/) loads through
// the schemas and reads as it did when the fixture was recorded (before arms became sets of
// fields): the parsed value, the arms its methods train, the table rebuilt from its arms, and per
// results folder the pooled table, the paired column against Agon and the curves CSV. A change
// to the methods, the arms or the schemas that reads an old file differently fails here, naming
// the file. To record again (only for a change meant to alter how old files read):
//   RECORD_DOCS_FILES=1 npx vitest run src/core/experiment/docs-files.test.ts
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../canonical-json';
import { parseExperimentConfig } from './config';
import { curvesCsv } from './csv';
import { armsFor } from './methods';
import { referenceColumn } from './paired-comparison';
import { buildTable, type ExperimentResult } from './result';
import { parseExperimentResultJson } from './result-schema';
import { seedsOf } from './seeds';
import { pooledTable } from './summary';

const FIXTURE = new URL('./docs-files.json', import.meta.url);
const hash = (value: unknown) => bytesToHex(sha256(new TextEncoder().encode(canonicalJson(value)))).slice(0, 32);
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function readConfig(path: string) {
  const parsed = parseExperimentConfig(json(path));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return { config: hash(parsed.config), arms: armsFor(parsed.config.methods) };
}

function readResult(path: string): ExperimentResult {
  const parsed = parseExperimentResultJson(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.message}`);
  return parsed.result;
}

/** A results folder: each file on its own, then the seeds' result files together as the CLI's tables read them. */
function readFolder(folder: string): Record<string, unknown> {
  const files = readdirSync(folder).filter((f) => f.endsWith('.json')).sort();
  const out: Record<string, unknown> = {};
  for (const file of files) {
    const path = join(folder, file);
    if (file === 'config.json') {
      out[path] = readConfig(path);
      continue;
    }
    const result = readResult(path);
    out[path] = { result: hash(result), arms: armsFor(result.config.methods), table: hash(buildTable(result.config, result.arms)) };
  }
  // The seeds' merged results (result-seedN.json); a folder of per-arm parts has none.
  const seeds = files.filter((f) => /^result-seed\d+\.json$/.test(f)).map((f) => readResult(join(folder, f)));
  if (seeds.length > 0) {
    const tables = seeds.map((r) => r.table);
    const methods = seeds[0]!.config.methods;
    const paired = methods.includes('agon') ? [...referenceColumn(tables, methods, 'agon').entries()] : [];
    out[`${folder} (pooled)`] = { pooled: hash(pooledTable(seeds)), paired: hash(paired), csv: hash(curvesCsv(seeds)) };
  }
  return out;
}

function readAll(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of readdirSync('docs/experiments').filter((f) => f.endsWith('.json')).sort()) out[`docs/experiments/${file}`] = readConfig(`docs/experiments/${file}`);
  for (const folder of finishedFolders()) Object.assign(out, readFolder(`docs/results/${folder}`));
  return out;
}

const finishedFolders = () => readdirSync('docs/results').sort().filter((folder) => !inProgress(`docs/results/${folder}`));

/** A run still going (--resume): its per-arm parts come and go, and its seeds merge one by one. */
function inProgress(folder: string): boolean {
  const files = readdirSync(folder);
  if (files.some((f) => /^result-seed\d+-.+\.json$/.test(f))) return true;
  const parsed = parseExperimentConfig(json(join(folder, 'config.json')));
  return parsed.ok && seedsOf(parsed.config).some((seed) => !files.includes(`result-seed${seed}.json`));
}

describe('the configs and results in docs/', () => {
  it('load through the schemas and read as recorded', () => {
    const measured = readAll();
    if (process.env.RECORD_DOCS_FILES === '1') writeFileSync(FIXTURE, `${JSON.stringify(measured, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
    // A file added to docs/ since the recording only has to load (readAll did); one recorded must read the same and still be there.
    for (const [path, read] of Object.entries(measured)) if (path in recorded) expect(read, path).toEqual(recorded[path]);
    for (const path of Object.keys(recorded)) expect(measured, path).toHaveProperty([path]);
  }, 600_000);

  it('hold the curves CSV that was written with them', () => {
    for (const folder of finishedFolders()) {
      // In seed order, as the CLI writes them (seed 10 after seed 9, not after seed 1).
      const seedOf = (f: string) => Number(/\d+/.exec(f)![0]);
      const files = readdirSync(`docs/results/${folder}`).filter((f) => /^result-seed\d+\.json$/.test(f));
      const seeds = files.sort((a, b) => seedOf(a) - seedOf(b)).map((f) => readResult(`docs/results/${folder}/${f}`));
      if (seeds.length === 0) continue;
      expect(curvesCsv(seeds), folder).toBe(readFileSync(`docs/results/${folder}/curves.csv`, 'utf8'));
    }
  });
});
