/**
 * A run's sweep, drawn when its config has one: pass@1 at the last evaluation against the swept
 * value with its 95% interval, and each value's paired difference from the sweep's reference
 * with its 95% bootstrap interval, pooled over the seeds that finished as the pooled table is
 * (the CLI's sweep table and DIR/sweep.svg show the same). A table below gives the numbers.
 */
import { useMemo } from 'react';
import { seedsOf, seedsText } from '../../core/experiment/seeds';
import { sweepTable } from '../../core/experiment/sweep-table';
import { sweepChart } from '../charts/sweep-chart';
import { useAppStore } from '../store/app-store';
import { WhiskerChart } from './WhiskerChart';

const PASS_COLOR = '#d62728';
const DIFFERENCE_COLOR = '#1f77b4';
const PASS_RANGE = [0, 1] as const;

/** Module-level, so the charts are not rebuilt on every render. */
const percent = (v: number) => `${Number((100 * v).toFixed(1))}%`;
const points = (v: number) => `${v > 0 ? '+' : ''}${Number((100 * v).toFixed(1))}`;

export function SweepPlot() {
  const config = useAppStore((s) => s.run.config);
  const results = useAppStore((s) => s.run.seedResults);
  const chart = useMemo(() => {
    const sweep = config ? sweepTable(results, config) : null;
    return sweep && sweepChart(sweep);
  }, [config, results]);
  if (!config || !chart) return null;
  const seeds = seedsOf(config);
  const finished = results.map((r) => r.config.seed);
  return (
    <section className="panel" aria-labelledby="sweep-title" data-testid="sweep-plot">
      <h2 id="sweep-title">
        The sweep: pass@1 against {chart.field}
        {finished.length > 0 && ` (seed${finished.length > 1 ? 's' : ''} ${seedsText(finished)} of ${seedsText(seeds)})`}
      </h2>
      {finished.length === 0 ? (
        <p className="muted">The sweep is drawn when seed {seeds[0]} has finished: each value&apos;s pass@1 at the last evaluation, and its difference from {chart.reference}.</p>
      ) : (
        <>
          <div className="chart-grid">
            <WhiskerChart chart={chart} points={chart.pass} line={chart.pass} color={PASS_COLOR} yLabel="pass@1" yRange={PASS_RANGE} yTick={percent} zeroLine={false} title="pass@1 on test-hard at the last evaluation, 95% interval" />
            <WhiskerChart chart={chart} points={chart.difference} line={chart.differenceLine} color={DIFFERENCE_COLOR} yLabel="points" yRange={chart.differenceRange} yTick={points} zeroLine title={`Difference from ${chart.reference} in points, paired over seeds and problems, 95% interval`} />
          </div>
          <table className="results" data-testid="sweep-table">
            <caption className="muted">
              The numbers drawn above. A difference whose interval excludes 0 is shown; one that crosses it is not told apart from {chart.reference} by this run.
            </caption>
            <thead>
              <tr>
                <th>{chart.field}</th>
                <th>pass@1 % (95% CI)</th>
                <th>vs {chart.reference} (paired, 95% interval)</th>
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.value} data-value={row.value}>
                  <td className="num">{row.value}</td>
                  <td className="num">{row.passAt1}</td>
                  <td>{row.paired}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
