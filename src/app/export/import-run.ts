/**
 * Import of a run file (the app's JSON export or the CLI's result-seed*.json): read,
 * validated (core/experiment/result-schema), kept in the saved runs where storage
 * works, and drawn as if it ran here. Returns the error message for the user, or null.
 */
import { parseExperimentResultJson } from '../../core/experiment/result-schema';
import { useAppStore } from '../store/app-store';
import { runStateFrom, savedRunFromResult } from '../storage/saved-run';
import { useSavedRuns } from '../storage/saved-runs-store';

/** Far above any real result (a long run is a few MB); refused before it is read into memory. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export async function importRunFile(file: Pick<File, 'name' | 'size' | 'text'>): Promise<string | null> {
  if (file.size > MAX_IMPORT_BYTES) return `${file.name} is ${(file.size / 1e6).toFixed(0)} MB, more than a run file can be (${MAX_IMPORT_BYTES / 1e6} MB at most)`;
  const parsed = parseExperimentResultJson(await file.text());
  if (!parsed.ok) return `${file.name}: ${parsed.message}`;
  const id = crypto.randomUUID();
  const saved = savedRunFromResult(parsed.result, { id, name: `${file.name} (imported)`, origin: 'imported', environment: parsed.result.environment, savedAt: Date.now() });
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
