/**
 * A saved run's results as they come back from IndexedDB, checked like an imported file
 * (the result schema with its score rules) before they are drawn: a record edited or damaged
 * on disk could hold counts the interval arithmetic cannot take. What fails is left out and
 * said in words for the saved-runs list; the rest of the run opens.
 */
import { armsProblem, parseExperimentResult } from '../../core/experiment/result-schema';
import type { SavedRun } from './saved-run';

export function checkedResults(run: SavedRun): { run: SavedRun; problem: string | null } {
  const problems: string[] = [];
  const arms = armsProblem(run.arms);
  if (arms) problems.push(arms);
  const resultProblem = (r: unknown, what: string) => {
    const parsed = parseExperimentResult(r);
    if (!parsed.ok) problems.push(`${what}: ${parsed.message}`);
    return parsed.ok;
  };
  const seedResults = run.seedResults?.filter((r, i) => resultProblem(r, `the result of seed ${run.seedResults?.[i]?.config.seed ?? i + 1}`));
  const result = run.result && resultProblem(run.result, 'its final result') ? run.result : null;
  if (problems.length === 0) return { run, problem: null };
  const checked: SavedRun = { ...run, arms: arms ? {} : run.arms, result, ...(seedResults ? { seedResults } : {}) };
  return { run: checked, problem: `Opened without what is damaged in saved run "${run.name}": ${problems.join('; ')}` };
}
