/**
 * Pause and stop for in-browser pretraining. pretrainPair awaits `between` before every
 * step: while paused it waits there, after a stop it throws PretrainStopped. A step that
 * has begun (or a validation check) finishes first.
 */
export class PretrainStopped extends Error {
  constructor() {
    super('pretraining was stopped');
    this.name = 'PretrainStopped';
  }
}

export class PretrainGate {
  private paused = false;
  private stopped = false;
  private wake: (() => void) | null = null;
  private pausedSince = 0;
  private pausedTotal = 0;

  /** Returns whether this changed anything (a second pause is not news). */
  pause(now: number): boolean {
    if (this.paused || this.stopped) return false;
    this.paused = true;
    this.pausedSince = now;
    return true;
  }

  resume(now: number): boolean {
    if (!this.paused || this.stopped) return false;
    this.paused = false;
    this.pausedTotal += now - this.pausedSince;
    this.release();
    return true;
  }

  stop(): void {
    this.stopped = true;
    this.release();
  }

  /** Time spent paused so far, up to `now`. */
  pausedMs(now: number): number {
    return this.pausedTotal + (this.paused ? now - this.pausedSince : 0);
  }

  readonly between = async (): Promise<void> => {
    // Yield to the event loop first: on wasm a step can finish without ever doing so, and
    // then pause and stop messages would wait until the whole pretraining is over.
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (this.paused && !this.stopped) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.stopped) throw new PretrainStopped();
  };

  private release(): void {
    this.wake?.();
    this.wake = null;
  }
}
