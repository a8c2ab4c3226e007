// Browser benchmark page (bench.html): runs benchmarkModel on each backend in
// ?backends=webgpu,webgl,wasm (&quick=1 for a smoke run, &trainBatch=N, &threads=N for wasm), one after another on the main
// thread, shows a markdown report and exposes it as window.__bench for
// scripts/bench-browser.mjs. Mousedown events during the run measure main-thread input latency.
import { DEFAULT_BACKEND_ORDER, describeAdapter, selectBackend, type BackendName } from '../../core/backend';
import { benchmarkModel, benchTable, type BenchRow } from '../../core/model/benchmark';
import { setFusedKernels } from '../../core/webgpu';
import { configureWasmPaths } from '../wasmPaths';
import { withWasmThreads } from '../worker/wasm-threads';
import { wasmThreadsFromUrl } from '../worker/backend-order';
import { getThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import { InputLatency } from './latency';

export interface BenchState {
  done: boolean;
  error?: string;
  /** Markdown: adapter, skipped backends, throughput table, input-latency table. */
  report: string;
}

declare global {
  interface Window {
    __bench?: BenchState;
  }
}

const IDLE_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const params = new URLSearchParams(window.location.search);
const known = new Set<string>(DEFAULT_BACKEND_ORDER);
const backends = (params.get('backends') ?? 'webgpu,webgl,wasm')
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is BackendName => known.has(s));
const quick = params.get('quick') === '1';
/** ?trainBatch=N: the batch of the main training-step figure (e.g. 64 in quick mode). */
const trainBatch = params.get('trainBatch') ? Number(params.get('trainBatch')) : undefined;
/** wasm threads: tfjs's choice (half the logical cores), or ?threads=N as in the app. */
const threads = wasmThreadsFromUrl(window.location.search);

const out = document.getElementById('report')!;
const state: BenchState = { done: false, report: '' };
window.__bench = state;

const latency = new InputLatency();
latency.listen(window);

async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  configureWasmPaths();
  // A short idle phase first gives the input-latency baseline.
  out.textContent = 'idle baseline…';
  latency.mark('idle');
  await sleep(IDLE_MS);
  for (const name of backends) {
    latency.mark(name);
    out.textContent = `benchmarking ${name}${quick ? ' (quick)' : ''}…`;
    console.log(out.textContent);
    let info;
    try {
      info = await withWasmThreads(name === 'wasm' ? threads : undefined, () => selectBackend([name]));
    } catch (err) {
      notes.push(`${name} skipped: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    if (name === 'wasm') notes.push(`wasm: ${getThreadsCount()} thread(s), crossOriginIsolated ${String(self.crossOriginIsolated)}`);
    if (info.adapter) notes.push(`WebGPU adapter: ${describeAdapter(info.adapter)}`);
    if (name === 'webgpu') {
      // Before and after: the plain tfjs ops on webgpu, then the fused kernels.
      setFusedKernels(false);
      rows.push(await benchmarkModel({ quick, trainBatch, label: 'webgpu (plain ops)' }).finally(() => setFusedKernels(true)));
      rows.push(await benchmarkModel({ quick, trainBatch, label: 'webgpu (fused kernels)' }));
    } else {
      rows.push(await benchmarkModel({ quick, trainBatch }));
    }
  }
  latency.mark(null);
  // The wasm backend never yields to the event loop mid-run: let input queued meanwhile be handled.
  await sleep(500);
  state.report = [
    ...notes,
    '',
    benchTable(rows),
    '',
    'Main-thread input latency (mousedown event to handler) during each phase; the benchmark runs on the main thread:',
    '',
    latency.table(),
  ].join('\n');
}

run()
  .catch((err: unknown) => {
    state.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  })
  .finally(() => {
    out.textContent = state.error ?? state.report;
    state.done = true;
  });
