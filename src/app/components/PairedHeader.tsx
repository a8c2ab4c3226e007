/**
 * The header of a results table's paired column: "vs" and a small select of the reference
 * method, Agon by default (the paper's method), else the table's first method.
 */
import { useState } from 'react';
import { rowLabel } from '../../core/experiment/run-rows';

const EXPLAIN =
  'pass@1 minus the reference\'s, in points, paired over the same test-hard problems and seeds: 95% interval from a bootstrap that resamples seeds, then problems (docs/method.md)';

/** The reference picked, kept while it is one of `methods` (a table grows method by method during a run). */
export function useReference(methods: readonly string[]): [string | undefined, (m: string) => void] {
  const [picked, setPicked] = useState<string>('agon');
  return [methods.includes(picked) ? picked : methods.includes('agon') ? 'agon' : methods[0], setPicked];
}

export function PairedHeader({ methods, reference, onChange }: { methods: readonly string[]; reference: string; onChange: (m: string) => void }) {
  return (
    <th title={EXPLAIN} data-testid="paired-header">
      vs{' '}
      <select value={reference} onChange={(e) => onChange(e.target.value)} aria-label="reference method" data-testid="reference-method">
        {methods.map((m) => (
          <option key={m} value={m}>
            {rowLabel(m)}
          </option>
        ))}
      </select>
    </th>
  );
}
