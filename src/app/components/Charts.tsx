/** The comparison charts: pass@1 with 95% bands (untrained methods as dashed reference lines), then the training diagnostics. */
import { useMemo } from 'react';
import { rowColors } from '../charts/colors';
import { cascadeRateSeries, chartRows, finalLengthSeries, klSeries, passAt1Series, rewardSeries } from '../charts/series';
import { useAppStore, type XAxis } from '../store/app-store';
import { LineChart } from './LineChart';
import { MethodLegend } from './MethodLegend';
import { useRunRows } from './use-run-rows';

const X_LABELS: Record<XAxis, string> = { step: 'training step', tokens: 'tokens generated for training' };

function AxisSwitch() {
  const axis = useAppStore((s) => s.xAxis);
  const setXAxis = useAppStore((s) => s.setXAxis);
  return (
    <div className="segmented" role="radiogroup" aria-label="x-axis">
      {(['step', 'tokens'] as const).map((a) => (
        <label key={a} className={axis === a ? 'active' : ''}>
          <input type="radio" name="x-axis" value={a} checked={axis === a} onChange={() => setXAxis(a)} />
          x: {a === 'step' ? 'steps' : 'generated tokens'}
        </label>
      ))}
    </div>
  );
}

export function Charts() {
  const arms = useAppStore((s) => s.run.arms);
  const config = useAppStore((s) => s.run.config);
  const axis = useAppStore((s) => s.xAxis);
  const runRows = useRunRows();
  const series = useMemo(() => {
    const rows = chartRows(runRows);
    const colors = rowColors(runRows);
    return {
      pass: passAt1Series(rows, arms, axis),
      reward: rewardSeries(arms, axis, colors),
      rates: cascadeRateSeries(rows, arms, axis),
      length: finalLengthSeries(rows, arms, axis),
      kl: klSeries(arms, axis, colors),
    };
  }, [runRows, arms, axis]);
  if (!config) return null;
  const x = X_LABELS[axis];
  const xMax = axis === 'step' ? config.steps : undefined;
  return (
    <section className="panel charts" aria-labelledby="charts-title">
      <div className="panel-head">
        <h2 id="charts-title">Comparing methods</h2>
        <AxisSwitch />
      </div>
      <div className="chart-main">
        <LineChart testId="chart-pass-at-1" title={`pass@1 on test-hard (${config.eval_problems} problems), 95% interval bands`} series={series.pass} xLabel={x} xMax={xMax} yLabel="pass@1" yRange={[0, 1]} />
        <MethodLegend rows={runRows} />
      </div>
      <div className="chart-grid">
        <LineChart testId="chart-reward" title="Mean training reward per stream (solid: drafter / model, dashed: solver)" series={series.reward} xLabel={x} xMax={xMax} yLabel="reward" />
        <LineChart testId="chart-rates" title="Cascade rescue (solid), sabotage (dashed), copy (dotted)" series={series.rates} xLabel={x} xMax={xMax} yLabel="rate" yRange={[0, 1]} />
        <LineChart testId="chart-length" title="Final-stage length (tokens)" series={series.length} xLabel={x} xMax={xMax} yLabel="tokens" />
        <LineChart testId="chart-kl" title="KL to the starting weights" series={series.kl} xLabel={x} xMax={xMax} yLabel="KL" ySuggestedMax={0.01} />
      </div>
    </section>
  );
}
