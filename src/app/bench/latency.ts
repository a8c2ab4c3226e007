/** Main-thread input latency: how long input events wait before their handler runs. */
export class InputLatency {
  /** Delays in ms per phase, keyed by the phase in which the browser received the event. */
  private readonly samples = new Map<string, number[]>();
  /** Phase start times (performance.now()); a null phase records nothing. */
  private readonly phases: { name: string | null; start: number }[] = [];

  /** Starts a phase (a backend name, 'idle'); null stops recording. */
  mark(name: string | null): void {
    this.phases.push({ name, start: performance.now() });
  }

  /** Records every mousedown on `target`. */
  listen(target: EventTarget): void {
    target.addEventListener(
      'mousedown',
      (e) => {
        // An input event's timeStamp is when the browser received it, on the performance.now()
        // clock; the handler may run much later if the main thread was busy.
        const delay = performance.now() - e.timeStamp;
        const phase = this.phases.filter((p) => p.start <= e.timeStamp).at(-1)?.name;
        if (!phase) return;
        const list = this.samples.get(phase) ?? [];
        list.push(delay);
        this.samples.set(phase, list);
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
