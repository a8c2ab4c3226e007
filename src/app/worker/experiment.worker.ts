/**
 * The training worker: selects the TensorFlow.js backend, loads (or pretrains) the base
 * pair and runs the ExperimentRunner off the main thread, once per seed in sequence (one
 * backend, one core's worth of wasm: parallel workers would share the same cores), forwarding
 * its events. Commands that arrive before a runner exists (a pause right after start) are
 * remembered, a pause carries over to the next seed's runner, and pause and stop also reach
 * the pretraining. If the WebGPU device is lost mid-run, the seed goes on with the next
 * backend from its last saved checkpoint (resume.ts), with a 'backend-switch' event.
 */
/// <reference lib="webworker" />
import * as tf from '@tensorflow/tfjs';
import { backendsAfterLoss, deviceLossMessage, DeviceLostError, selectBackend, type BackendInfo, type BackendName, type DeviceLoss } from '../../core/backend';
import { basePairId } from '../../core/experiment/base-pair';
import type { ExperimentConfig } from '../../core/experiment/config';
import type { Environment, ExperimentResult } from '../../core/experiment/result';
import { planResume, restartSteps, type RunResume, type SavedState } from '../../core/experiment/resume';
import { ExperimentRunner, type BasePairBytes } from '../../core/experiment/runner';
import { withPairHardSplit } from '../../core/experiment/experiment-family';
import { configForSeed, seedsOf } from '../../core/experiment/seeds';
import { configureWasmPaths } from '../wasmPaths';
import { fetchBasePair } from './checkpoints';
import { PretrainGate } from './pretrain-gate';
import { afterStalls } from './stalls';
import { pretrainInWorker, type PretrainedPair } from './pretrain-in-worker';
import type { BasePairInfo, WorkerCommand, WorkerEvent } from './protocol';
import { threadingOf, withWasmThreads } from './wasm-threads';

declare const self: DedicatedWorkerGlobalScope;

let backend: BackendInfo | null = null;
/** The init command, kept to choose the next backend the same way after a device loss. */
let request: (WorkerCommand & { type: 'init' }) | null = null;
/** Resolves when the current backend's WebGPU device is lost; null off webgpu. */
let deviceLost: Promise<DeviceLoss> | null = null;
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
    request = order;
    const after = afterStalls(order.order, order.stalled ?? []);
    const { order: names, earlier } = after;
    const wasmWithoutThreads = after.wasmWithoutThreads || order.wasmWithoutThreads === true;
    if (wasmWithoutThreads) tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    const options = {
      avoidSoftware: !order.forced,
      alwaysProbe: order.alwaysProbe ?? false,
      earlier,
      ...(order.limitMs === undefined ? {} : { limitMs: order.limitMs }),
      // Each attempt announced to the page, which keeps the limit too, in case this thread blocks.
      onAttempt: (name: BackendName, limitMs: number) => post({ type: 'backend-attempt', name, limitMs }),
    };
    backend = await withWasmThreads(wasmWithoutThreads ? undefined : order.wasmThreads, () => selectBackend(names, options));
    watchDevice();
    post({ type: 'backend', info: { ...backend, ...threadingOf(backend.name, self) } });
  } catch (e) {
    post({ type: 'backend-error', message: message(e) });
  }
}

/** The part of GPUDevice used here (no @webgpu/types in this project). */
interface LosableDevice {
  lost: Promise<{ reason?: string; message: string }>;
  destroy(): void;
}

/** Watches the webgpu backend's device for loss (driver reset, GPU removed, device.destroy()). */
function watchDevice(): void {
  deviceLost = null;
  if (backend?.name !== 'webgpu') return;
  const device = (tf.backend() as unknown as { device?: LosableDevice }).device;
  if (!device) return;
  // The real device, for the browser test that destroys it (e2e/device-loss.spec.ts, through Playwright's worker.evaluate).
  (self as unknown as { agonGpuDevice?: LosableDevice }).agonGpuDevice = device;
  deviceLost = device.lost.then((info) => ({ reason: info.reason ?? 'unknown', message: info.message }));
}

const sleep = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/** The loss, if the device is lost now or within `ms` (a failed readback may come just before the lost promise settles). */
async function lostWithin(ms: number): Promise<DeviceLoss | null> {
  return deviceLost ? Promise.race([deviceLost, sleep(ms)]) : null;
}

/** A seed's run ended, or stopped because the device was lost (with what it left to continue from). */
type SeedOutcome = { kind: 'done'; result: ExperimentResult } | { kind: 'lost'; loss: DeviceLoss; records: ExperimentResult['arms']; states: SavedState[] };

/** Keeps the two latest saved states of each arm's member: enough for planResume, whichever member was saved last. */
function keepState(states: SavedState[], state: SavedState): SavedState[] {
  const same = (s: SavedState) => s.arm === state.arm && s.member === state.member;
  const mine = [...states.filter(same), state].sort((a, b) => b.step - a.step).slice(0, 2);
  return [...states.filter((s) => !same(s)), ...mine];
}

/** Runs one seed on the current backend until it ends or its device is lost. */
async function runSeed(config: ExperimentConfig, bytes: BasePairBytes, environment: Environment, resume: RunResume | null): Promise<SeedOutcome> {
  let states: SavedState[] = [];
  let live = true;
  const current = new ExperimentRunner(config, bytes, environment, resume, {
    fatal: async () => {
      const loss = await lostWithin(1_000);
      return loss ? new DeviceLostError(loss) : null;
    },
  });
  runner = current;
  current.on((event) => {
    // After a loss the abandoned runner may still emit on its way out: not shown.
    if (!live) return;
    if (event.type === 'checkpoint') states = keepState(states, { arm: event.arm, member: event.member, step: event.step, weights: event.bytes, optimizer: event.optimizer, evalTokens: event.evalTokens });
    post({ type: 'experiment', event });
  });
  if (pending.paused) current.pause();
  for (let i = 0; i < pending.steps; i++) current.stepOnce();
  pending.steps = 0;
  if (pending.stopped) current.cancel();
  const ran = current.run().then(
    (result) => ({ kind: 'done' as const, result }),
    (error: unknown) => ({ kind: 'error' as const, error }),
  );
  const lost = deviceLost ? deviceLost.then((loss) => ({ kind: 'lost' as const, loss })) : new Promise<never>(() => {});
  const first = await Promise.race([ran, lost]);
  if (first.kind === 'done') return first;
  const loss = first.kind === 'lost' ? first.loss : first.error instanceof DeviceLostError ? first.error.loss : await lostWithin(1_000);
  if (!loss) throw (first as { error: unknown }).error;
  current.interrupt(new DeviceLostError(loss));
  // Let the old run stop at its next round; a readback that never settles is left behind.
  await Promise.race([ran, sleep(3_000)]);
  live = false;
  return { kind: 'lost', loss, records: current.records(), states };
}

/** Moves to the next backend after the device was lost: never webgpu again, never the fused kernels. */
async function switchBackend(): Promise<BackendInfo> {
  const lostName = backend?.name ?? 'webgpu';
  const next = backendsAfterLoss(request?.order ?? [lostName], lostName, request?.forced ?? false);
  // Not announced to the page's watchdog, which watches the first start only.
  const limit = request?.limitMs === undefined ? {} : { limitMs: request.limitMs };
  const info = await withWasmThreads(request?.wasmThreads, () => selectBackend(next.order, { avoidSoftware: !next.forced, ...limit }));
  try {
    // Frees what the dead backend still holds; its device is gone, so errors here change nothing.
    tf.removeBackend(lostName);
  } catch {
    // ignored
  }
  backend = info;
  watchDevice();
  return info;
}

function shipped(command: WorkerCommand & { type: 'start' }): ReturnType<typeof fetchBasePair> {
  post({ type: 'loading', message: `loading the ${command.config.task} base pair…` });
  return fetchBasePair(command.checkpointsUrl, command.config.task, command.config.base_pair);
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
    let environment: Environment = { backend: backend.name, ...(adapter ? { adapter } : {}), tfjsVersion: tf.version.tfjs, appVersion: command.appVersion, platform: self.navigator.userAgent };
    const { continuation } = command;
    for (const seed of seedsOf(command.config).filter((s) => !continuation?.finished.includes(s))) {
      post({ type: 'seed', seed });
      // A pair made for its own hard split is measured on it (the result's config records it).
      const config = withPairHardSplit({ ...configForSeed(command.config, seed), base_pair: id }, pair.hardDifficulties);
      let resume = continuation?.seed === seed ? continuation.resume : null;
      let outcome = await runSeed(config, pair.bytes, environment, resume);
      while (outcome.kind === 'lost') {
        // The device is gone: continue this seed on the next backend from its last saved states.
        const stepsDone = Math.max(0, ...Object.values(outcome.records).map((a) => a.stepsDone));
        resume = planResume(config, id, outcome.records, outcome.states) ?? { basePair: id, done: outcome.records, cuts: {} };
        const next = await switchBackend();
        const restart = restartSteps(config, resume);
        const cuts = Object.values(restart);
        const text = deviceLossMessage(outcome.loss, stepsDone, next.name, cuts.length > 0 ? Math.min(...cuts) : null);
        environment = { ...environment, backend: `${next.name} (after the WebGPU device was lost after step ${stepsDone})` };
        post({ type: 'backend-switch', info: { ...next, ...threadingOf(next.name, self), deviceLost: text }, message: text, restart });
        outcome = await runSeed(config, pair.bytes, environment, resume);
      }
      // A seed stopped or failed ends the run: the seeds after it would be pooled with a partial one.
      if (outcome.result.status !== 'complete') break;
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
      // Remembered too: a stop while the backend is being switched reaches the next runner.
      pending.stopped = true;
      if (runner) runner.cancel();
      else gate?.stop();
      return;
  }
}

self.onmessage = (e: MessageEvent<WorkerCommand>) => {
  const command = e.data;
  if (command.type === 'init') void init(command);
  else if (command.type === 'start') void start(command);
  else control(command);
};
