import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerCommand, WorkerEvent } from './protocol';

/** A Worker stand-in: it records what it is sent, and the test speaks for it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  sent: WorkerCommand[] = [];
  terminated = false;
  onmessage: ((e: { data: WorkerEvent }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(command: WorkerCommand): void {
    this.sent.push(command);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(event: WorkerEvent): void {
    this.onmessage?.({ data: event });
  }
}

const backend: WorkerEvent = { type: 'backend', info: { name: 'wasm', reason: 'forced', threads: 1 } } as unknown as WorkerEvent;
const progress: WorkerEvent = { type: 'pretrain-progress' } as unknown as WorkerEvent;

// A fresh module each test: the early worker is module state, started once a page.
const load = async () => import('./first-worker');

describe('the first training worker, started before the app loads', () => {
  beforeEach(() => {
    vi.resetModules();
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the worker the app takes over, not a second one: the quick wasm start with no flags', async () => {
    const { startFirstWorker, takeFirstWorker } = await load();
    startFirstWorker('');
    startFirstWorker('');
    expect(FakeWorker.made).toHaveLength(1);
    const plan = takeFirstWorker('');
    expect(FakeWorker.made).toHaveLength(1);
    expect(plan.searches).toBe(true);
    expect(FakeWorker.made[0]?.sent[0]).toMatchObject({ type: 'init', order: ['wasm'], forced: true, wasmWithoutThreads: true });
    // Handed over once: a second take starts a worker of its own.
    takeFirstWorker('');
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('is the one worker the address names, with no search to follow', async () => {
    const { startFirstWorker, takeFirstWorker } = await load();
    startFirstWorker('?backends=webgl,wasm');
    const plan = takeFirstWorker('?backends=webgl,wasm');
    expect(plan.searches).toBe(false);
    expect(FakeWorker.made[0]?.sent[0]).toMatchObject({ type: 'init', order: ['webgl', 'wasm'], forced: true });
  });

  it('keeps what the worker said before the app listened, and hands it over in order', async () => {
    const { startFirstWorker, takeFirstWorker } = await load();
    startFirstWorker('');
    FakeWorker.made[0]?.say(backend);
    FakeWorker.made[0]?.say(progress);
    const heard: WorkerEvent[] = [];
    takeFirstWorker('').first.listen((e) => heard.push(e));
    expect(heard).toEqual([backend, progress]);
    FakeWorker.made[0]?.say(progress);
    expect(heard).toEqual([backend, progress, progress]);
  });

  it('is stopped, not leaked, when the app starts for another address', async () => {
    const { startFirstWorker, takeFirstWorker } = await load();
    startFirstWorker('?backends=wasm');
    const plan = takeFirstWorker('');
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(FakeWorker.made).toHaveLength(2);
    expect(plan.searches).toBe(true);
  });
});
