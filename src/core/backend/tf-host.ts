/**
 * The BackendHost over TensorFlow.js's engine. tf.setBackend() only logs why a backend failed,
 * keeps the failed name as the current backend, and an initialisation that was given up on
 * may still resolve later with a live instance (a WebGPU device, a wasm module and its
 * threads) that nobody disposes. So each factory is wrapped once: the wrapper keeps the
 * error, and disposes an instance that arrives after its attempt was abandoned.
 */
import * as tf from '@tensorflow/tfjs';
import type { BackendHost } from './attempt';
import type { BackendName } from './types';
import { errorMessage } from './webgpu-probe';

/** The priorities TensorFlow.js registers these backends with. */
const TF_PRIORITY: Record<BackendName, number> = { webgpu: 3, webgl: 2, wasm: 2, cpu: 1 };

/** Errors thrown by backend factories, keyed by backend name. */
const initErrors = new Map<BackendName, unknown>();
/** Raised each time a backend is disposed: an initialisation begun under an older value was abandoned. */
const generation = new Map<BackendName, number>();
type Factory = () => tf.KernelBackend | Promise<tf.KernelBackend>;
/** The original factories, keyed by name, once wrapped. */
const factories = new Map<BackendName, Factory>();
/** The wrappers registered here: a factory registered by other code since is wrapped afresh. */
const wrappers = new WeakSet<Factory>();

/**
 * Registers `name` with a wrapper around its original factory (before first use). Public tfjs
 * API only. Not tf.findBackend(): it starts initialising an async backend (wasm, webgpu), which
 * the re-registration then started a second time (two wasm modules, twice the wasm threads).
 */
function wrap(name: BackendName): void {
  const factory = tf.findBackendFactory(name);
  if (!factory || wrappers.has(factory) || name in tf.engine().registry) return;
  factories.set(name, factory);
  tf.removeBackend(name);
  register(name);
}

function register(name: BackendName): void {
  const factory = factories.get(name);
  if (!factory) return;
  const wrapper = async () => {
    const started = generation.get(name) ?? 0;
    let instance: tf.KernelBackend;
    try {
      instance = await factory();
    } catch (err) {
      if ((generation.get(name) ?? 0) === started) initErrors.set(name, err);
      throw err;
    }
    if ((generation.get(name) ?? 0) !== started) {
      // Too late: its attempt timed out and the next backend is running. Free it here.
      instance.dispose();
      throw new Error(`${name} started after its attempt was given up`);
    }
    return instance;
  };
  wrappers.add(wrapper);
  tf.registerBackend(name, wrapper, TF_PRIORITY[name]);
}

/** Runs one tiny op and reads it back: catches backends that initialise but cannot compute. */
async function sanityCheck(): Promise<void> {
  const t = tf.tidy(() => tf.add(tf.scalar(1), tf.scalar(2)));
  try {
    const [v] = await t.data();
    if (v !== 3) throw new Error(`sanity check computed 1 + 2 = ${String(v)}`);
  } finally {
    t.dispose();
  }
}

async function start(name: BackendName): Promise<string | null> {
  if (!tf.findBackendFactory(name)) return 'backend not registered in this environment';
  wrap(name);
  initErrors.delete(name);
  if (!(await tf.setBackend(name))) {
    const err = initErrors.get(name);
    return err === undefined ? 'initialisation failed' : errorMessage(err);
  }
  await sanityCheck();
  return null;
}

/**
 * tf.removeBackend disposes a live instance, makes a pending initialisation of the current
 * backend obsolete, and unsets the current backend; then the same wrapped factory is
 * registered again, so a later selection (after a device loss, say) can try `name` afresh.
 */
function dispose(name: BackendName): void {
  const factory = tf.findBackendFactory(name);
  if (!factory) return;
  // A backend made by other code before it could be wrapped keeps its own factory.
  if (!wrappers.has(factory)) factories.set(name, factory);
  generation.set(name, (generation.get(name) ?? 0) + 1);
  try {
    tf.removeBackend(name);
  } catch {
    // A backend whose device is gone may throw on dispose; it is unregistered all the same.
  }
  register(name);
}

export const tfHost: BackendHost = { start, dispose };
