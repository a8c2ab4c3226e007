/**
 * One training worker with its start watchdog. A worker whose backend start stops answering is
 * terminated (its thread may be blocked for good) and a fresh one takes its place in the slot,
 * told what stalled so that it does not try it the same way again; whoever holds the slot keeps
 * sending to it and hearing from it. Events that come before anyone listens wait for the first
 * listener: the page's first worker starts before the app's code has loaded (first-worker.ts).
 */
import type { Stall, WorkerCommand, WorkerEvent } from './protocol';
import { StartWatchdog } from './start-watchdog';

export type InitCommand = Omit<WorkerCommand & { type: 'init' }, 'type' | 'stalled'>;

export class WorkerSlot {
  private worker: Worker;
  private listener: ((event: WorkerEvent) => void) | null = null;
  private waiting: WorkerEvent[] = [];
  /** Whether the current worker reported its backend (or that it has none). */
  private settled = false;

  constructor(
    private readonly init: InitCommand,
    private readonly stalled: Stall[] = [],
  ) {
    this.worker = this.spawn();
  }

  /** Every event from now on goes to `listener` (the watchdog's own excepted), those that waited for one first. */
  listen(listener: (event: WorkerEvent) => void): void {
    this.listener = listener;
    const waiting = this.waiting;
    this.waiting = [];
    for (const event of waiting) listener(event);
  }

  readonly send = (command: WorkerCommand): void => this.worker.postMessage(command);

  terminate(): void {
    this.listener = () => {};
    this.waiting = [];
    this.worker.terminate();
  }

  private hear(event: WorkerEvent): void {
    if (this.listener) this.listener(event);
    else this.waiting.push(event);
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./experiment.worker.ts', import.meta.url), { type: 'module', name: 'agon-experiment' });
    this.settled = false;
    const watchdog = new StartWatchdog((name, limitMs) => {
      worker.terminate();
      this.stalled.push({ name, limitMs });
      this.worker = this.spawn();
    });
    worker.onmessage = (e: MessageEvent<WorkerEvent>) => {
      const event = e.data;
      if (event.type === 'backend-attempt') return watchdog.attempt(event.name, event.limitMs);
      if (event.type === 'backend' || event.type === 'backend-error') {
        watchdog.settled();
        this.settled = true;
      }
      this.hear(event);
    };
    worker.onerror = (e) => {
      watchdog.settled();
      const message = `the training worker failed: ${e.message || 'unknown error'}`;
      this.hear(this.settled ? { type: 'fatal', message } : { type: 'backend-error', message });
    };
    worker.postMessage({ type: 'init', ...this.init, stalled: [...this.stalled] } satisfies WorkerCommand);
    return worker;
  }
}
