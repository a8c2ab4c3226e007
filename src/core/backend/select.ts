// Side-effect imports: register the 'webgpu' (only where navigator.gpu exists) and 'wasm'
// backends with the TensorFlow.js engine. '@tensorflow/tfjs' itself registers webgl and cpu.
import '@tensorflow/tfjs-backend-webgpu';
import '@tensorflow/tfjs-backend-wasm';

import { registerFusedKernels } from '../webgpu';
import { attemptBackend, DEFAULT_ATTEMPT_LIMIT_MS, type BackendHost } from './attempt';
import { softwareSkip, type RendererProbe } from './software';
import { decide, needsSpeedProbe, rememberedVerdict, rememberVerdict, verdictText, type SpeedVerdict } from './speed-probe';
import { tfHost } from './tf-host';
import { withinLimit } from './time-limit';
import { rlStepMs } from './step-probe';
import { DEFAULT_BACKEND_ORDER } from './types';
import type { AdapterSummary, BackendAttempt, BackendInfo, BackendName } from './types';
import { probeWebGL } from './webgl-probe';
import { probeWebGPU, type WebGPUProbe } from './webgpu-probe';

export interface SelectOptions {
  /**
   * Pass over a WebGPU adapter or WebGL renderer that is a CPU emulation (SwiftShader), as
   * slower than wasm, and time WebGPU against wasm where the adapter does not say what it is.
   * Off by default: a caller that names backends (the CLI, the bench page, `?backends=`) gets
   * what it named.
   */
  avoidSoftware?: boolean;
  /** With avoidSoftware: time WebGPU against wasm whatever the adapter reports (`?probe`). */
  alwaysProbe?: boolean;
  /** The time limit of each attempt, and of each side of the speed probe (default 8 s). */
  limitMs?: number;
  /** Told before each step that runs under the limit, so a watcher outside can keep its own. */
  onAttempt?: (name: BackendName, limitMs: number) => void;
  /** Attempts an earlier selection made and gave up on (another worker that stalled), reported first. */
  earlier?: BackendAttempt[];
  /** The probes, the host and the probe's timing, replaceable in tests. */
  probeWebGPU?: () => Promise<WebGPUProbe>;
  probeWebGL?: () => RendererProbe | undefined;
  host?: BackendHost;
  timeStep?: () => Promise<number>;
}

/** The options with their defaults filled in. */
type Context = Required<Pick<SelectOptions, 'limitMs' | 'host' | 'timeStep' | 'onAttempt'>> & SelectOptions;

async function attempt(name: BackendName, ctx: Context): Promise<BackendAttempt> {
  ctx.onAttempt(name, ctx.limitMs);
  return attemptBackend(name, ctx.host, ctx.limitMs);
}

/** ms a training step on the current backend, or null when it did not answer in time. */
async function timed(name: BackendName, ctx: Context): Promise<number | null> {
  ctx.onAttempt(name, ctx.limitMs);
  const outcome = await withinLimit(ctx.timeStep().catch(() => null), ctx.limitMs);
  return outcome.kind === 'done' ? outcome.value : null;
}

/**
 * Starts wasm and webgpu in turn and times a few training steps on each. wasm goes first: it
 * is the side that can stall a whole worker (start-watchdog.ts in the app), and a stall found
 * early costs the page least. The loser is disposed of, and so is a side that did not answer
 * (its work may still be running). Resolves with the verdict, or with webgpu's failed attempt
 * when it could not even start.
 */
async function race(ctx: Context): Promise<SpeedVerdict | BackendAttempt> {
  const cpu = await attempt('wasm', ctx);
  const wasmMs = cpu.ok ? await timed('wasm', ctx) : null;
  const gpu = await attempt('webgpu', ctx);
  if (!gpu.ok) {
    ctx.host.dispose('wasm');
    return gpu;
  }
  registerFusedKernels();
  const webgpuMs = await timed('webgpu', ctx);
  const verdict = decide(webgpuMs, wasmMs, ctx.limitMs);
  ctx.host.dispose(verdict.winner === 'webgpu' ? 'wasm' : 'webgpu');
  return verdict;
}

/** The verdict for this adapter: remembered, or measured now (and remembered unless webgpu failed to start). */
async function speedVerdict(adapter: AdapterSummary, ctx: Context): Promise<SpeedVerdict | BackendAttempt> {
  const known = rememberedVerdict(adapter);
  if (known) return known;
  const measured = await race(ctx);
  if ('winner' in measured) rememberVerdict(adapter, measured);
  return measured;
}

interface GpuOutcome {
  attempt: BackendAttempt;
  adapter?: AdapterSummary;
  probe?: string;
}

/** WebGPU: its adapter, then skipped as software, timed against wasm, or tried. */
async function tryWebGPU(ctx: Context): Promise<GpuOutcome> {
  const found = await (ctx.probeWebGPU ?? probeWebGPU)();
  if (!found.ok) return { attempt: { name: 'webgpu', ok: false, error: found.reason } };
  const { adapter } = found;
  if (ctx.avoidSoftware && (ctx.alwaysProbe || needsSpeedProbe(adapter))) {
    const verdict = await speedVerdict(adapter, ctx);
    if (!('winner' in verdict)) return { attempt: verdict, adapter };
    const probe = verdictText(verdict);
    if (verdict.winner === 'wasm') return { attempt: { name: 'webgpu', ok: false, error: probe, skipped: 'probe' }, adapter, probe };
    return { attempt: await attempt('webgpu', ctx), adapter, probe };
  }
  const skip = softwareSkip('webgpu', found, !ctx.avoidSoftware);
  return { attempt: skip ? { name: 'webgpu', ok: false, error: skip, skipped: 'software' } : await attempt('webgpu', ctx), adapter };
}

/** WebGL: its renderer probed (only when software is to be avoided), then skipped as software or tried. */
async function tryWebGL(ctx: Context): Promise<BackendAttempt> {
  const probe = ctx.avoidSoftware ? (ctx.probeWebGL ?? probeWebGL)() : undefined;
  const skip = softwareSkip('webgl', probe, !ctx.avoidSoftware);
  return skip ? { name: 'webgl', ok: false, error: skip, skipped: 'software' } : attempt('webgl', ctx);
}

function result(name: BackendName, tried: BackendAttempt[], adapter: AdapterSummary | undefined, probe: string | undefined): BackendInfo {
  // The model's fused WGSL kernels; the other backends keep the plain tfjs ops.
  if (name === 'webgpu') registerFusedKernels();
  const info: BackendInfo = { name, tried };
  if (adapter) info.adapter = adapter;
  if (probe) info.probe = probe;
  const failed = tried.filter((t) => !t.ok);
  if (failed.length > 0) info.fallbackReason = failed.map((t) => `${t.name}: ${t.error ?? 'failed'}`).join('; ');
  return info;
}

/**
 * Activates the first backend in `preferred` that works here (default: webgpu, webgl,
 * wasm, cpu) and says which one it is, what the GPU adapter is, and why earlier choices
 * were skipped. Every attempt runs under a time limit, and one that fails or runs out is
 * disposed of before the next starts. Works on the main thread, in a Web Worker and in
 * Node. In the browser, configure wasm file locations (setWasmPaths) before calling it.
 */
export async function selectBackend(
  preferred: readonly BackendName[] = DEFAULT_BACKEND_ORDER,
  options: SelectOptions = {},
): Promise<BackendInfo> {
  if (preferred.length === 0) throw new Error('selectBackend: no backends to try');
  const ctx: Context = { limitMs: DEFAULT_ATTEMPT_LIMIT_MS, host: tfHost, timeStep: rlStepMs, onAttempt: () => {}, ...options };
  const tried: BackendAttempt[] = [...(options.earlier ?? [])];
  let adapter: AdapterSummary | undefined;
  let probe: string | undefined;

  for (const name of preferred) {
    let outcome: BackendAttempt;
    if (name === 'webgpu') {
      const gpu = await tryWebGPU(ctx);
      outcome = gpu.attempt;
      adapter = gpu.adapter ?? adapter;
      probe = gpu.probe ?? probe;
    } else if (name === 'webgl') {
      outcome = await tryWebGL(ctx);
    } else {
      outcome = await attempt(name, ctx);
    }
    tried.push(outcome);
    if (outcome.ok) return result(name, tried, adapter, probe);
  }
  const detail = tried.map((t) => `${t.name}: ${t.error ?? 'failed'}`).join('; ');
  throw new Error(`No TensorFlow.js backend could be initialised (${detail})`);
}
