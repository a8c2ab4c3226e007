/**
 * Import of run files (the app's JSON export or the CLI's result-seed*.json; several at
 * once: the seeds of one experiment, pooled as one run): read, validated
 * (core/experiment/result-schema), kept in the saved runs where storage works, and drawn
 * as if it ran here. Returns the error message for the user, or null.
 */
import type { ExperimentResult } from '../../core/experiment/result';
import { parseExperimentResultJson } from '../../core/experiment/result-schema';
import { seedsOfOneExperiment } from '../../core/experiment/seeds';
import { useAppStore } from '../store/app-store';
import { runStateFrom, savedRunFromResults } from '../storage/saved-run';
import { useSavedRuns } from '../storage/saved-runs-store';

/** Far above any real result (a long run is a few MB); refused before it is read into memory. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

type RunFile = Pick<File, 'name' | 'size' | 'text'>;

/** The result in a file, or the message naming the file and what is wrong with it. */
async function readResult(file: RunFile): Promise<{ ok: true; result: ExperimentResult } | { ok: false; message: string }> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, message: `${file.name} is ${(file.size / 1e6).toFixed(0)} MB, more than a run file can be (${MAX_IMPORT_BYTES / 1e6} MB at most)` };
  const parsed = parseExperimentResultJson(await file.text());
  return parsed.ok ? parsed : { ok: false, message: `${file.name}: ${parsed.message}` };
}

/** One run file, or the files of one experiment's seeds (one run with every seed, pooled); nothing is imported if any file is refused. */
export async function importRunFiles(files: readonly RunFile[]): Promise<string | null> {
  const results: ExperimentResult[] = [];
  for (const file of files) {
    const read = await readResult(file);
    if (!read.ok) return read.message;
    results.push(read.result);
  }
  const seeds = seedsOfOneExperiment(results);
  if (!seeds.ok) return `${files.map((f) => f.name).join(', ')}: ${seeds.message}`;
  const id = crypto.randomUUID();
  const [first] = files;
  const name = files.length === 1 || !first ? `${first?.name} (imported)` : `${first.name} and ${files.length - 1} more seed${files.length > 2 ? 's' : ''} (imported)`;
  const environment = seeds.results.at(-1)?.environment ?? null;
  const saved = savedRunFromResults(seeds.config, seeds.results, { id, name, origin: 'imported', environment, savedAt: Date.now() });
  const runs = useSavedRuns.getState();
  try {
    await runs.db?.put(saved);
    runs.upsert(saved);
  } catch (e) {
    // Not kept, but still drawn: storage failing never hides a result.
    runs.reportProblem(e);
  }
  useAppStore.getState().showRun(runStateFrom(saved, []), { origin: 'imported', id });
  return null;
}
