/**
 * The typed boundary between the page and the training worker: commands go in,
 * events come out. Everything crossing it is structured-cloneable plain data.
 */
import type { BackendInfo, BackendName } from '../../core/backend';
import type { ExperimentConfig } from '../../core/experiment/config';
import type { ExperimentEvent } from '../../core/experiment/events';
import type { SeedsResume } from '../../core/experiment/resume';
import type { PretrainStage } from '../../core/train/pretrain-pair';
import type { PretrainStatus } from './pretrain-clock';
import type { Threading } from './wasm-threads';

/** The backend the worker selected, with how many threads wasm uses and why; `deviceLost` says why it took over mid-run. */
export type WorkerBackendInfo = BackendInfo & Threading & { deviceLost?: string };

export type WorkerCommand =
  /**
   * Select the TensorFlow.js backend (first that works in `order`); sent once when the worker starts.
   * Unless `forced` (the page URL named the backends), a GPU backend that is a CPU emulation is passed over.
   */
  | {
      type: 'init';
      order: BackendName[];
      forced: boolean;
      wasmThreads?: number;
      /** Load tfjs-backend-wasm's build without threads: the page's quick start, which must not wait on a thread pool. */
      wasmWithoutThreads?: boolean;
      /** The time limit of each attempt (ms; the default where absent). */
      limitMs?: number;
      /** Time WebGPU against wasm whatever the adapter reports (`?probe`). */
      alwaysProbe?: boolean;
      /** Attempts an earlier worker stalled in, in order, with their limits; the page gave that worker up (start-watchdog.ts). */
      stalled?: Stall[];
    }
  /**
   * Load the base pair from `checkpointsUrl` (absolute, ends with '/'), or pretrain it if the config says so, and run the experiment
   * once per seed, in order; with `continuation`, pick up a run that was cut short where it was cut.
   */
  | { type: 'start'; config: ExperimentConfig; checkpointsUrl: string; appVersion: string; continuation?: SeedsResume }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'step' }
  | { type: 'stop' };

/** A backend attempt that blocked its worker past its limit. */
export interface Stall {
  name: BackendName;
  limitMs: number;
}

/** What the worker reports about the base pair it loaded. */
export interface BasePairInfo {
  id: string;
  files: { a: string; b: string };
  bytes: number;
  /** Set when the pair was pretrained in this run: the steps each stage trained. */
  pretrained?: Record<PretrainStage, number>;
}

export type WorkerEvent =
  /** An attempt (or one side of the speed probe) begins, with its time limit: for the page's watchdog, not the store. */
  | { type: 'backend-attempt'; name: BackendName; limitMs: number }
  | { type: 'backend'; info: WorkerBackendInfo }
  | { type: 'backend-error'; message: string }
  /**
   * The WebGPU device was lost mid-run; the seed goes on with `info` from its last saved
   * states. `restart`: the step each arm still to run picks up at (0: over from the start),
   * so a view drops what will be done again.
   */
  | { type: 'backend-switch'; info: WorkerBackendInfo; message: string; restart: Record<string, number> }
  /** Loading checkpoints before the runner starts. */
  | { type: 'loading'; message: string }
  | { type: 'base-pair'; pair: BasePairInfo }
  /** In-browser pretraining of the base pair (before the experiment): progress, pause, resume, stop. */
  | { type: 'pretrain-progress'; progress: PretrainStatus }
  | { type: 'pretrain-paused' }
  | { type: 'pretrain-resumed' }
  | { type: 'pretrain-stopped' }
  /** A seed's run begins: the 'experiment' events that follow are that seed's. */
  | { type: 'seed'; seed: number }
  | { type: 'experiment'; event: ExperimentEvent }
  /** The run could not start or crashed; what was measured so far stays. */
  | { type: 'fatal'; message: string };
