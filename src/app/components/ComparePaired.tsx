/** Under the compared runs: each method of each run against a chosen reference (a run's method), paired over problems and seeds. */
import { useMemo, useState } from 'react';
import { rowLabel } from '../../core/experiment/run-rows';
import { pairedWords } from '../../core/experiment/paired-words';
import { defaultReference, pairedCompareRows, referenceChoices, type ReferenceChoice } from '../storage/compare-paired';
import type { SavedRun } from '../storage/saved-run';
import { RunColumnsHead } from './RunColumnsHead';

const key = (c: ReferenceChoice) => `${c.run} ${c.method}`;

export function ComparePaired({ runs }: { runs: readonly SavedRun[] }) {
  const choices = useMemo(() => referenceChoices(runs), [runs]);
  const [picked, setPicked] = useState<string | null>(null);
  const reference = choices.find((c) => key(c) === picked) ?? defaultReference(choices);
  const rows = useMemo(() => (reference ? pairedCompareRows(runs, reference) : []), [runs, reference]);
  if (!reference) return null;
  const runName = (id: string) => runs.find((r) => r.id === id)?.name ?? id;
  return (
    <table className="results compare" data-testid="compare-paired">
      <caption>
        Difference in pass@1 from{' '}
        <select value={key(reference)} onChange={(e) => setPicked(e.target.value)} aria-label="reference method and run" data-testid="compare-reference">
          {choices.map((c) => (
            <option key={key(c)} value={key(c)}>
              {rowLabel(c.method)} ({runName(c.run)})
            </option>
          ))}
        </select>
        , paired over the same test-hard problems and seeds (95% interval)
      </caption>
      <RunColumnsHead runs={runs} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.method} data-method={row.method}>
            <td>{row.label}</td>
            {row.cells.map((cell, i) => (
              <td key={runs[i]?.id ?? i} data-testid="compare-paired-cell">
                {cell ? pairedWords(cell) : '—'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
