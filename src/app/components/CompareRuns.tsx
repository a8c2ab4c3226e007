/** The runs ticked "compare", side by side: pass@1 (95% interval) per method, then the paired differences from a reference. */
import { useMemo } from 'react';
import { compareRows } from '../storage/compare';
import { useSavedRuns } from '../storage/saved-runs-store';
import { ComparePaired } from './ComparePaired';
import { RunColumnsHead } from './RunColumnsHead';

const pct = (x: number) => (100 * x).toFixed(1);

export function CompareRuns() {
  const all = useSavedRuns((s) => s.runs);
  const ids = useSavedRuns((s) => s.compare);
  const runs = useMemo(() => ids.flatMap((id) => all.filter((r) => r.id === id)), [all, ids]);
  const rows = useMemo(() => compareRows(runs), [runs]);
  if (runs.length < 2) return ids.length === 1 ? <p className="muted">Tick one more run to compare.</p> : null;
  return (
    <>
      <table className="results compare" data-testid="compare-table">
        <caption>pass@1 % on test-hard (95% interval), latest evaluation of each run</caption>
        <RunColumnsHead runs={runs} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.method} data-method={row.method}>
              <td>{row.label}</td>
              {row.cells.map((cell, i) => (
                <td key={runs[i]?.id ?? i} className="num">
                  {cell ? (
                    <>
                      {pct(cell.passAt1)} <span className="ci">({pct(cell.low)}–{pct(cell.high)})</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ComparePaired runs={runs} />
    </>
  );
}
