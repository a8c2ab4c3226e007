/** Starts the training worker and wires it to the store: commands out, events in. */
import { useAppStore } from '../store/app-store';
import { alwaysProbeFromUrl, attemptLimitFromUrl, backendRequestFromUrl, wasmThreadsFromUrl } from './backend-order';
import type { Stall, WorkerCommand, WorkerEvent } from './protocol';
import { StartWatchdog } from './start-watchdog';

/**
 * `stalled`: attempts that blocked earlier workers of this page. A worker whose backend start
 * stops answering is terminated (its thread may be blocked for good) and a fresh one is
 * started, told what stalled so that it does not try it the same way again.
 */
export function startWorker(search: string, stalled: Stall[] = []): Worker {
  const worker = new Worker(new URL('./experiment.worker.ts', import.meta.url), { type: 'module', name: 'agon-experiment' });
  const store = useAppStore.getState();
  const watchdog = new StartWatchdog((name, limitMs) => {
    worker.terminate();
    startWorker(search, [...stalled, { name, limitMs }]);
  });
  worker.onmessage = (e: MessageEvent<WorkerEvent>) => {
    const event = e.data;
    if (event.type === 'backend-attempt') return watchdog.attempt(event.name, event.limitMs);
    if (event.type === 'backend' || event.type === 'backend-error') watchdog.settled();
    useAppStore.getState().receive(event);
  };
  worker.onerror = (e) => {
    watchdog.settled();
    const message = `the training worker failed: ${e.message || 'unknown error'}`;
    const { backendStatus, receive } = useAppStore.getState();
    receive(backendStatus === 'pending' ? { type: 'backend-error', message } : { type: 'fatal', message });
  };
  const send = (command: WorkerCommand) => worker.postMessage(command);
  store.attach(send);
  const limitMs = attemptLimitFromUrl(search);
  send({
    type: 'init',
    ...backendRequestFromUrl(search),
    wasmThreads: wasmThreadsFromUrl(search),
    alwaysProbe: alwaysProbeFromUrl(search),
    stalled,
    ...(limitMs === undefined ? {} : { limitMs }),
  });
  return worker;
}
