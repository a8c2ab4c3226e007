/** Starts the training worker and wires it to the store: commands out, events in. */
import { useAppStore } from '../store/app-store';
import { backendRequestFromUrl, wasmThreadsFromUrl } from './backend-order';
import type { WorkerCommand, WorkerEvent } from './protocol';

export function startWorker(search: string): Worker {
  const worker = new Worker(new URL('./experiment.worker.ts', import.meta.url), { type: 'module', name: 'agon-experiment' });
  const store = useAppStore.getState();
  worker.onmessage = (e: MessageEvent<WorkerEvent>) => useAppStore.getState().receive(e.data);
  worker.onerror = (e) => {
    const message = `the training worker failed: ${e.message || 'unknown error'}`;
    const { backendStatus, receive } = useAppStore.getState();
    receive(backendStatus === 'pending' ? { type: 'backend-error', message } : { type: 'fatal', message });
  };
  const send = (command: WorkerCommand) => worker.postMessage(command);
  store.attach(send);
  send({ type: 'init', ...backendRequestFromUrl(search), wasmThreads: wasmThreadsFromUrl(search) });
  return worker;
}
