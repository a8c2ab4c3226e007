/** The head of a table with a column per compared run, after the method column. */
import type { SavedRun } from '../storage/saved-run';

export function RunColumnsHead({ runs }: { runs: readonly SavedRun[] }) {
  return (
    <thead>
      <tr>
        <th>Method</th>
        {runs.map((r) => (
          <th key={r.id}>{r.name}</th>
        ))}
      </tr>
    </thead>
  );
}
