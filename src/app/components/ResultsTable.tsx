/**
 * The results in the paper's shape: method, pass@1 with its 95% interval, final-stage
 * length, the paired difference from a reference method; then the headline ratios beside the paper's. Live during a run (from the latest evaluation
 * of each method), final once the run is done.
 */
import { useMemo } from 'react';
import { referenceColumn } from '../../core/experiment/paired-comparison';
import { pairedWords } from '../../core/experiment/paired-words';
import { headlineRatios } from '../../core/experiment/headline-ratios';
import { buildTable, tableRatioInputs } from '../../core/experiment/result';
import { seedsOf } from '../../core/experiment/seeds';
import { NO_ROW_COLOR } from '../charts/colors';
import { useAppStore } from '../store/app-store';
import { HeadlineRatios } from './HeadlineRatios';
import { PairedHeader, useReference } from './PairedHeader';
import { useRowColors, useRunRows } from './use-run-rows';

const pct = (x: number) => (100 * x).toFixed(1);

export function ResultsTable() {
  const config = useAppStore((s) => s.run.config);
  const colors = useRowColors();
  const arms = useAppStore((s) => s.run.arms);
  const result = useAppStore((s) => s.run.result);
  const table = useMemo(() => result?.table ?? (config ? buildTable(config, arms) : []), [result, config, arms]);
  const ratios = useMemo(() => headlineRatios(tableRatioInputs(table)), [table]);
  const methods = useMemo(() => table.map((r) => r.method), [table]);
  const [reference, setReference] = useReference(methods);
  const paired = useMemo(() => (reference ? referenceColumn([table], methods, reference) : null), [table, methods, reference]);
  const rows = useRunRows();
  const explain = useMemo(() => new Map(rows.map((r) => [r.name, r.explain])), [rows]);
  const seed = useAppStore((s) => s.run.seed);
  if (!config) return null;
  // With several seeds this table is one seed's; the pooled table above holds them all.
  const ofSeed = seedsOf(config).length > 1 && seed !== null ? `, seed ${seed}` : '';
  return (
    <section className="panel" aria-labelledby="results-title">
      <h2 id="results-title">
        Results{ofSeed} {result ? `(${result.status})` : '(so far)'}
      </h2>
      <table className="results" data-testid="results-table">
        <thead>
          <tr>
            <th>Method</th>
            <th>pass@1 % (95% CI)</th>
            <th>Final-stage length</th>
            <th title="Chosen on the validation split, reported on test-hard">Direction</th>
            <th>Drafter alone %</th>
            {reference && <PairedHeader methods={methods} reference={reference} onChange={setReference} />}
          </tr>
        </thead>
        <tbody>
          {table.map((row) => (
            <tr key={row.method} data-method={row.method}>
              <td>
                <span className="dot" style={{ background: colors.get(row.method) ?? NO_ROW_COLOR }} />
                <strong>{row.label}</strong>
                <div className="explain">{explain.get(row.method)}</div>
              </td>
              <td className="num">
                {pct(row.test.passAt1)} <span className="ci">({pct(row.test.low)}–{pct(row.test.high)})</span>
                <div className="ci">{row.test.correct}/{row.test.n}</div>
              </td>
              <td className="num">{row.finalLength.toFixed(1)}</td>
              <td>{row.chosen}</td>
              <td className="num">{row.drafterAlone ? pct(row.drafterAlone.passAt1) : '—'}</td>
              {paired && <td data-testid="paired-cell">{pairedWords(paired.get(row.method)!)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <HeadlineRatios ratios={ratios} testId="headline" />
    </section>
  );
}
