/**
 * A run of several seeds, as the CLI prints it: per method, pass@1 pooled over the seeds
 * that finished (their problems added up, with the 95% interval of the pooled counts), each
 * seed's own pass@1, the paired difference from a reference method over the seeds and their
 * problems, and the headline ratios on the pooled numbers beside the paper's. The pooling is the
 * CLI's own (core/experiment/summary.ts).
 */
import { useMemo } from 'react';
import { referenceColumn } from '../../core/experiment/paired-comparison';
import { pairedWords } from '../../core/experiment/paired-words';
import { seedsOf, seedsText } from '../../core/experiment/seeds';
import { pooledRatios, pooledTable } from '../../core/experiment/summary';
import { NO_ROW_COLOR } from '../charts/colors';
import { useAppStore } from '../store/app-store';
import { HeadlineRatios } from './HeadlineRatios';
import { PairedHeader, useReference } from './PairedHeader';
import { useRowColors } from './use-run-rows';

const pct = (x: number) => (100 * x).toFixed(1);

export function PooledResultsTable() {
  const config = useAppStore((s) => s.run.config);
  const colors = useRowColors();
  const results = useAppStore((s) => s.run.seedResults);
  const rows = useMemo(() => pooledTable(results), [results]);
  const ratios = useMemo(() => pooledRatios(rows), [rows]);
  const methods = useMemo(() => rows.map((r) => r.method), [rows]);
  const [reference, setReference] = useReference(methods);
  const paired = useMemo(() => (reference ? referenceColumn(results.map((r) => r.table), methods, reference) : null), [results, methods, reference]);
  const seeds = config ? seedsOf(config) : [];
  if (seeds.length < 2) return null;
  const finished = results.map((r) => r.config.seed);
  return (
    <section className="panel" aria-labelledby="pooled-title" data-testid="pooled-results">
      <h2 id="pooled-title">
        Pooled over {finished.length === 0 ? 'no seed yet' : `seed${finished.length > 1 ? 's' : ''} ${seedsText(finished)}`} (of {seedsText(seeds)})
      </h2>
      {rows.length === 0 ? (
        <p className="muted">The pooled table appears when seed {seeds[0]} has finished; the seeds run one after another.</p>
      ) : (
        <>
          <table className="results" data-testid="pooled-table">
            <thead>
              <tr>
                <th>Method</th>
                <th>pass@1 % pooled (95% CI)</th>
                {finished.map((seed) => (
                  <th key={seed}>seed {seed}</th>
                ))}
                <th>Final-stage length</th>
                <th title="Chosen on the validation split, per seed">Direction</th>
                {reference && <PairedHeader methods={methods} reference={reference} onChange={setReference} />}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.method} data-method={row.method}>
                  <td>
                    <span className="dot" style={{ background: colors.get(row.method) ?? NO_ROW_COLOR }} />
                    <strong>{row.label}</strong>
                  </td>
                  <td className="num" data-testid="pooled-cell">
                    {pct(row.pooled.passAt1)} <span className="ci">({pct(row.pooled.low)}–{pct(row.pooled.high)})</span>
                    <div className="ci">
                      {row.pooled.correct}/{row.pooled.n}
                    </div>
                  </td>
                  {row.perSeed.map((p, i) => (
                    <td key={finished[i]} className="num" data-testid="seed-cell" data-seed={finished[i]}>
                      {pct(p)}
                    </td>
                  ))}
                  <td className="num">{row.finalLength.toFixed(1)}</td>
                  <td>{row.chosen.join(' / ')}</td>
                  {paired && <td data-testid="paired-cell">{pairedWords(paired.get(row.method)!)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          <HeadlineRatios ratios={ratios} qualifier="pooled" testId="pooled-headline" />
        </>
      )}
    </section>
  );
}
