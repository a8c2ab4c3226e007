/** Main-thread input latency: how long input events wait before their handler runs. */
export class InputLatency {
  /** Delays in ms, per phase (a backend name, or 'idle' before the benchmark starts). */
  readonly samples = new Map<string, number[]>();
  phase = 'idle';

  /** Records every mousedown on `target` under the current phase. */
  listen(target: EventTarget): void {
    target.addEventListener(
      'mousedown',
      (e) => {
        // An input event's timeStamp is when the browser received it, on the performance.now() clock.
        const delay = performance.now() - e.timeStamp;
        const list = this.samples.get(this.phase) ?? [];
        list.push(delay);
        this.samples.set(this.phase, list);
      },
      { capture: true },
    );
  }

  table(): string {
    const fmt = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(0));
    return [
      '| phase | events | median (ms) | p95 (ms) | max (ms) |',
      '|---|---:|---:|---:|---:|',
      ...[...this.samples].map(([phase, delays]) => {
        const s = [...delays].sort((a, b) => a - b);
        const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
        return `| ${phase} | ${s.length} | ${fmt(q(0.5))} | ${fmt(q(0.95))} | ${fmt(s[s.length - 1])} |`;
      }),
    ].join('\n');
  }
}
