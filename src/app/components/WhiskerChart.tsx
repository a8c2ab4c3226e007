/**
 * Points with their 95% intervals on Chart.js, as LineChart draws curves: each point a dot, a
 * thin line through them, its interval a vertical segment with caps (a two-point line dataset
 * whose points are drawn as short horizontal lines), and optionally a dashed zero line with the
 * reference marked on it. Ticks sit at the swept values only, labelled as the values are written.
 */
import { Chart, LinearScale, LineController, LineElement, PointElement, type ChartDataset } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { SweepChart, Whisker } from '../charts/sweep-chart';

Chart.register(LineController, LineElement, PointElement, LinearScale);

type Dataset = ChartDataset<'line', { x: number; y: number }[]>;

const ZERO_COLOR = '#4d4d4d';

function datasets(points: readonly Whisker[], line: readonly { x: number; y: number }[], color: string, zero: { xRange: readonly [number, number]; referenceX: number | null } | null): Dataset[] {
  const whiskers = points.map((p): Dataset => ({
    label: `${p.label} (95% interval)`,
    data: [{ x: p.x, y: p.low }, { x: p.x, y: p.high }],
    borderColor: color,
    borderWidth: 2,
    pointStyle: 'line',
    pointRadius: 7,
    pointBorderWidth: 2,
    pointBorderColor: color,
  }));
  const dots: Dataset = { label: 'points', data: points.map((p) => ({ x: p.x, y: p.y })), showLine: false, backgroundColor: color, borderColor: color, pointRadius: 5 };
  const through: Dataset = { label: 'line', data: [...line], borderColor: color, borderWidth: 1, pointRadius: 0 };
  if (!zero) return [through, ...whiskers, dots];
  const zeroLine: Dataset = { label: 'zero', data: zero.xRange.map((x) => ({ x, y: 0 })), borderColor: ZERO_COLOR, borderWidth: 1.5, borderDash: [6, 4], pointRadius: 0 };
  const reference: Dataset[] = zero.referenceX === null ? [] : [{ label: 'reference', data: [{ x: zero.referenceX, y: 0 }], pointRadius: 6, pointBorderWidth: 2, pointBorderColor: color, pointBackgroundColor: '#fff' }];
  return [zeroLine, through, ...whiskers, dots, ...reference];
}

export interface WhiskerChartProps {
  chart: SweepChart;
  points: readonly Whisker[];
  /** The line drawn through the points, in x order. */
  line: readonly { x: number; y: number }[];
  color: string;
  yLabel: string;
  yRange: readonly [number, number];
  yTick: (v: number) => string;
  /** Draw the zero line and the reference on it (the paired difference). */
  zeroLine: boolean;
  title: string;
}

export function WhiskerChart({ chart: sweep, points, line, color, yLabel, yRange, yTick, zeroLine, title }: WhiskerChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', { x: number; y: number }[]> | null>(null);
  const { field, ticks, xRange } = sweep;
  const [xMin, xMax] = xRange;
  const [yMin, yMax] = yRange;

  useEffect(() => {
    if (!canvas.current) return;
    const labelAt = new Map(ticks.map((t) => [t.x, t.label]));
    chart.current = new Chart(canvas.current, {
      type: 'line',
      data: { datasets: [] },
      options: {
        animation: false,
        maintainAspectRatio: false,
        parsing: false,
        plugins: { tooltip: { enabled: false } },
        scales: {
          x: {
            type: 'linear',
            min: xMin,
            max: xMax,
            // A tick at each swept value and nowhere else: the values are what was run.
            afterBuildTicks: (axis) => {
              axis.ticks = ticks.map((t) => ({ value: t.x }));
            },
            ticks: { font: { size: 13 }, callback: (v) => labelAt.get(Number(v)) ?? '' },
            title: { display: true, text: field, font: { size: 14 } },
          },
          y: { type: 'linear', min: yMin, max: yMax, title: { display: true, text: yLabel, font: { size: 14 } }, ticks: { font: { size: 13 }, callback: (v) => yTick(Number(v)) } },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [field, ticks, xMin, xMax, yMin, yMax, yLabel, yTick]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.datasets = datasets(points, line, color, zeroLine ? { xRange: [xMin, xMax], referenceX: sweep.referenceX } : null);
    c.update();
  }, [points, line, color, zeroLine, xMin, xMax, sweep.referenceX, field, ticks, yMin, yMax, yLabel, yTick]);

  return (
    <figure className="chart" data-points={points.length}>
      <figcaption>{title}</figcaption>
      <div className="chart-canvas">
        <canvas ref={canvas} role="img" aria-label={`${title}: ${points.map((p) => `${field} ${p.label}: ${yTick(p.y)} (${yTick(p.low)} to ${yTick(p.high)})`).join('; ')}`} />
      </div>
    </figure>
  );
}
