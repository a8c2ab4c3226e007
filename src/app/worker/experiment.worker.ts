/**
 * The training worker: selects the TensorFlow.js backend, loads (or pretrains) the base
 * pair and runs the ExperimentRunner off the main thread, once per seed in sequence (one
 * backend, one core's worth of wasm: parallel workers would share the same cores), forwarding
 * its events. Commands that arrive before a runner exists (a pause right after start) are
 * remembered, a pause carries over to the next seed's runner, and pause and stop also reach
 * the pretraining.
 */
/// <reference lib="webworker" />
import * as tf from '@tensorflow/tfjs';
import { selectBackend, type BackendInfo } from '../../core/backend';
import { basePairId } from '../../core/experiment/base-pair';
import type { ExperimentConfig } from '../../core/experiment/config';
import { ExperimentRunner } from '../../core/experiment/runner';
import { configForSeed, seedsOf } from '../../core/experiment/seeds';
import { configureWasmPaths } from '../wasmPaths';
import { fetchBasePair } from './checkpoints';
import { PretrainGate } from './pretrain-gate';
import { pretrainInWorker, type PretrainedPair } from './pretrain-in-worker';
import type { BasePairInfo, WorkerCommand, WorkerEvent } from './protocol';
import { threadingOf, withWasmThreads } from './wasm-threads';

declare const self: DedicatedWorkerGlobalScope;

let backend: BackendInfo | null = null;
let runner: ExperimentRunner | null = null;
/** Checkpoint bytes of the pair and their file names, plus how it was pretrained if it was. */
type LoadedPair = Awaited<ReturnType<typeof fetchBasePair>> & Pick<BasePairInfo, 'pretrained'>;
/** Set while the base pair is being pretrained. */
let gate: PretrainGate | null = null;
/** Whether the run is paused, and steps requested while no runner existed (checkpoints still loading). */
let pending: { paused: boolean; steps: number; stopped: boolean } = { paused: false, steps: 0, stopped: false };

function post(event: WorkerEvent): void {
  self.postMessage(event);
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function init(order: WorkerCommand & { type: 'init' }): Promise<void> {
  try {
    // Before selectBackend: the wasm backend must find its binaries relative to the page.
    configureWasmPaths();
    backend = await withWasmThreads(order.wasmThreads, () => selectBackend(order.order, { avoidSoftware: !order.forced }));
    post({ type: 'backend', info: { ...backend, ...threadingOf(backend.name, self) } });
  } catch (e) {
    post({ type: 'backend-error', message: message(e) });
  }
}

function shipped(command: WorkerCommand & { type: 'start' }): ReturnType<typeof fetchBasePair> {
  post({ type: 'loading', message: `loading the ${command.config.task} base pair…` });
  return fetchBasePair(command.checkpointsUrl, command.config.task);
}

/** Pretrains the pair the config describes; null when stopped on the way. */
async function pretrain(config: ExperimentConfig): Promise<PretrainedPair | null> {
  post({ type: 'loading', message: `pretraining the ${config.task} base pair from scratch…` });
  gate = new PretrainGate();
  try {
    return await pretrainInWorker(config, gate, post);
  } finally {
    gate = null;
  }
}

async function start(command: WorkerCommand & { type: 'start' }): Promise<void> {
  if (!backend) {
    post({ type: 'fatal', message: 'no TensorFlow.js backend is available in the worker' });
    return;
  }
  pending = { paused: false, steps: 0, stopped: false };
  try {
    const pair: LoadedPair | null = command.config.base_pair_source === 'pretrain' ? await pretrain(command.config) : await shipped(command);
    // Stopped while pretraining (the 'pretrain-stopped' event said so).
    if (!pair) return;
    const id = basePairId(command.config.task, pair.bytes.a, pair.bytes.b);
    const pretrained = pair.pretrained ? { pretrained: pair.pretrained } : {};
    post({ type: 'base-pair', pair: { id, files: pair.files, bytes: pair.bytes.a.length + pair.bytes.b.length, ...pretrained } });
    if (pending.stopped) {
      post({ type: 'fatal', message: 'stopped before the first round' });
      return;
    }
    const adapter = backend.adapter ? [backend.adapter.vendor, backend.adapter.architecture].filter(Boolean).join(' ') : undefined;
    const environment = { backend: backend.name, ...(adapter ? { adapter } : {}), tfjsVersion: tf.version.tfjs, appVersion: command.appVersion, platform: self.navigator.userAgent };
    const { continuation } = command;
    for (const seed of seedsOf(command.config).filter((s) => !continuation?.finished.includes(s))) {
      post({ type: 'seed', seed });
      runner = new ExperimentRunner({ ...configForSeed(command.config, seed), base_pair: id }, pair.bytes, environment, continuation?.seed === seed ? continuation.resume : null);
      runner.on((event) => post({ type: 'experiment', event }));
      if (pending.paused) runner.pause();
      for (let i = 0; i < pending.steps; i++) runner.stepOnce();
      pending.steps = 0;
      const result = await runner.run();
      // A seed stopped or failed ends the run: the seeds after it would be pooled with a partial one.
      if (result.status !== 'complete') break;
    }
  } catch (e) {
    post({ type: 'fatal', message: message(e) });
  } finally {
    runner = null;
  }
}

function control(command: WorkerCommand): void {
  switch (command.type) {
    case 'pause':
      pending.paused = true;
      if (runner) runner.pause();
      else if (gate?.pause(Date.now())) post({ type: 'pretrain-paused' });
      return;
    case 'resume':
      pending = { ...pending, paused: false, steps: 0 };
      if (runner) runner.resume();
      else if (gate?.resume(Date.now())) post({ type: 'pretrain-resumed' });
      return;
    case 'step':
      if (runner) {
        pending.paused = true;
        runner.stepOnce();
        // stepOnce leaves the runner paused after that round but emits no event; say so.
        post({ type: 'experiment', event: { type: 'paused' } });
      } else {
        // During pretraining: finish it, then run one round and wait.
        pending = { ...pending, paused: true, steps: pending.steps + 1 };
        if (gate?.resume(Date.now())) post({ type: 'pretrain-resumed' });
      }
      return;
    case 'stop':
      if (runner) runner.cancel();
      else {
        pending.stopped = true;
        gate?.stop();
      }
      return;
  }
}

self.onmessage = (e: MessageEvent<WorkerCommand>) => {
  const command = e.data;
  if (command.type === 'init') void init(command);
  else if (command.type === 'start') void start(command);
  else control(command);
};
