/**
 * One Chart.js line chart drawn from Series: a line per series, its 95% interval as a
 * filled band between two hidden boundary lines. The chart object lives as long as
 * the canvas; new data replaces its datasets without animation, so a live run does
 * not flicker.
 */
import {
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartDataset,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { translucent } from '../charts/colors';
import type { Series } from '../charts/series';

Chart.register(LineController, LineElement, PointElement, LinearScale, Filler, Tooltip);

/** Short tick labels: 3 significant digits, no float noise such as -8.1e-9. */
const tickLabel = (v: number) => (Math.abs(v) < 1e-6 ? '0' : String(Number(v.toPrecision(3))));

type Dataset = ChartDataset<'line', { x: number; y: number }[]>;

function datasets(series: readonly Series[]): Dataset[] {
  const out: Dataset[] = [];
  for (const s of series) {
    if (s.band) {
      const highIndex = out.length;
      out.push({ label: `${s.label} (upper 95%)`, data: s.band.high, borderWidth: 0, pointRadius: 0, fill: false });
      out.push({ label: `${s.label} (lower 95%)`, data: s.band.low, borderWidth: 0, pointRadius: 0, fill: highIndex, backgroundColor: translucent(s.color, s.reference ? 0.08 : 0.18) });
    }
    out.push({
      label: s.label,
      data: s.points,
      borderColor: s.color,
      backgroundColor: s.color,
      borderWidth: s.reference ? 2 : 3,
      borderDash: s.dash ? [...s.dash] : [],
      pointRadius: s.reference ? 0 : 4,
      fill: false,
    });
  }
  return out;
}

export interface LineChartProps {
  title: string;
  series: readonly Series[];
  xLabel: string;
  yLabel: string;
  /** Fixed y range, e.g. [0, 1] for rates. */
  yRange?: [number, number];
  /** The y-axis reaches at least this, so values near 0 (an idle KL) are not blown up into noise. */
  ySuggestedMax?: number;
  /** The x-axis starts at 0 and reaches at least this (the run's last step), so a young run is drawn to scale. */
  xMax?: number;
  testId: string;
}

export function LineChart({ title, series, xLabel, yLabel, yRange, ySuggestedMax, xMax, testId }: LineChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', { x: number; y: number }[]> | null>(null);

  const [yMin, yMax] = yRange ?? [undefined, undefined];
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'line',
      data: { datasets: [] },
      options: {
        animation: false,
        maintainAspectRatio: false,
        parsing: false,
        interaction: { mode: 'nearest', intersect: false },
        plugins: {
          tooltip: { filter: (item) => !String(item.dataset.label).includes('95%') },
        },
        scales: {
          x: { type: 'linear', min: 0, suggestedMax: xMax, title: { display: true, text: xLabel, font: { size: 14 } }, ticks: { font: { size: 13 } } },
          y: { type: 'linear', min: yMin, max: yMax, suggestedMin: 0, suggestedMax: ySuggestedMax, title: { display: true, text: yLabel, font: { size: 14 } }, ticks: { font: { size: 13 }, callback: (v) => tickLabel(Number(v)) } },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [xLabel, yLabel, yMin, yMax, ySuggestedMax, xMax]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.datasets = datasets(series);
    c.update();
  }, [series, xLabel, yLabel, yMin, yMax, ySuggestedMax, xMax]);

  const points = series.reduce((n, s) => n + (s.reference ? 1 : s.points.length), 0);
  return (
    <figure className="chart" data-testid={testId} data-series={series.length} data-keys={series.map((s) => s.key).join(",")} data-points={points}>
      <figcaption>{title}</figcaption>
      <div className="chart-canvas">
        <canvas ref={canvas} role="img" aria-label={`${title}: ${series.map((s) => s.label).join(', ')}`} />
      </div>
      {series.length === 0 && <p className="chart-empty">No data yet.</p>}
    </figure>
  );
}
