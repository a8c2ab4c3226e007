/**
 * The training worker: selects the TensorFlow.js backend, loads the base pair and runs
 * the ExperimentRunner off the main thread, forwarding its events. Commands that
 * arrive before the runner exists (a pause right after start) are remembered.
 */
/// <reference lib="webworker" />
import * as tf from '@tensorflow/tfjs';
import { selectBackend, type BackendInfo } from '../../core/backend';
import { basePairId } from '../../core/experiment/base-pair';
import { ExperimentRunner } from '../../core/experiment/runner';
import { configureWasmPaths } from '../wasmPaths';
import { fetchBasePair } from './checkpoints';
import type { WorkerCommand, WorkerEvent } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

let backend: BackendInfo | null = null;
let runner: ExperimentRunner | null = null;
/** A pause or steps requested while checkpoints were still loading. */
let pending: { paused: boolean; steps: number; stopped: boolean } = { paused: false, steps: 0, stopped: false };

function post(event: WorkerEvent): void {
  self.postMessage(event);
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function init(order: WorkerCommand & { type: 'init' }): Promise<void> {
  try {
    // Before selectBackend: the wasm backend must find its binaries relative to the page.
    configureWasmPaths();
    backend = await selectBackend(order.order);
    post({ type: 'backend', info: backend });
  } catch (e) {
    post({ type: 'backend-error', message: message(e) });
  }
}

async function start(command: WorkerCommand & { type: 'start' }): Promise<void> {
  if (!backend) {
    post({ type: 'fatal', message: 'no TensorFlow.js backend is available in the worker' });
    return;
  }
  pending = { paused: false, steps: 0, stopped: false };
  try {
    post({ type: 'loading', message: `loading the ${command.config.task} base pair…` });
    const pair = await fetchBasePair(command.checkpointsUrl, command.config.task);
    const id = basePairId(command.config.task, pair.bytes.a, pair.bytes.b);
    post({ type: 'base-pair', pair: { id, files: pair.files, bytes: pair.bytes.a.length + pair.bytes.b.length } });
    if (pending.stopped) {
      post({ type: 'fatal', message: 'stopped before the first round' });
      return;
    }
    const adapter = backend.adapter ? [backend.adapter.vendor, backend.adapter.architecture].filter(Boolean).join(' ') : undefined;
    runner = new ExperimentRunner({ ...command.config, base_pair: id }, pair.bytes, {
      backend: backend.name,
      ...(adapter ? { adapter } : {}),
      tfjsVersion: tf.version.tfjs,
      appVersion: command.appVersion,
      platform: self.navigator.userAgent,
    });
    runner.on((event) => post({ type: 'experiment', event }));
    if (pending.paused) runner.pause();
    for (let i = 0; i < pending.steps; i++) runner.stepOnce();
    await runner.run();
  } catch (e) {
    post({ type: 'fatal', message: message(e) });
  } finally {
    runner = null;
  }
}

function control(command: WorkerCommand): void {
  switch (command.type) {
    case 'pause':
      if (runner) runner.pause();
      else pending.paused = true;
      return;
    case 'resume':
      if (runner) runner.resume();
      else pending = { ...pending, paused: false, steps: 0 };
      return;
    case 'step':
      if (runner) {
        runner.stepOnce();
        // stepOnce leaves the runner paused after that round but emits no event; say so.
        post({ type: 'experiment', event: { type: 'paused' } });
      } else pending = { ...pending, paused: true, steps: pending.steps + 1 };
      return;
    case 'stop':
      if (runner) runner.cancel();
      else pending.stopped = true;
      return;
  }
}

self.onmessage = (e: MessageEvent<WorkerCommand>) => {
  const command = e.data;
  if (command.type === 'init') void init(command);
  else if (command.type === 'start') void start(command);
  else control(command);
};
