/** The tables of `npm run bench:gpu`, from its measured cells (pure: tested without a GPU). */
import { sizeLabel, type ModelSize } from './bench-gpu-args';

export const IMPLS = [
  { id: 'webgpu', label: 'webgpu, fused kernels' },
  { id: 'webgpu-recorded', label: 'webgpu, recorded step' },
  { id: 'wasm', label: 'tfjs wasm (1 thread)' },
  { id: 'cuda', label: 'PyTorch CUDA, eager' },
  { id: 'cuda-graph', label: 'PyTorch CUDA, graph' },
  { id: 'cpu', label: 'PyTorch CPU (1 thread)' },
] as const;
export type ImplId = (typeof IMPLS)[number]['id'];

/** One measurement: a training step's ms, or why there is none; webgpu's two rows add their dispatches and host time per step. */
export interface Cell {
  ms?: number;
  note?: string;
  params?: number;
  dispatches?: number;
  hostMs?: number;
}

export type Cells = Map<string, Cell>;
export const cellKey = (impl: ImplId, size: ModelSize, batch: number) => `${impl} ${sizeLabel(size)} b${batch}`;

/** Tokens of a training row (benchmark.ts TRAIN_SHAPE.seq): for tokens per second. */
export const SEQ = 48;

const ms = (c: Cell | undefined) => (c?.ms !== undefined ? (c.ms < 100 ? c.ms.toFixed(1) : Math.round(c.ms).toLocaleString('en-US')) : (c?.note ?? '-'));
const count = (n: number | undefined, digits = 0) => (n === undefined ? '' : n.toFixed(digits));

/** Training step against implementation at each batch, for one model size. */
export function mainTable(cells: Cells, size: ModelSize, batches: number[]): string {
  const big = Math.max(...batches);
  const small = Math.min(...batches);
  return [
    `| ${sizeLabel(size)} | ${batches.map((b) => `train step, batch ${b} (ms)`).join(' | ')} | tokens/s at batch ${big} | GPU dispatches / step | host JS / step (ms) |`,
    `|---|${batches.map(() => '---:|').join('')}---:|---:|---:|`,
    ...IMPLS.map(({ id, label }) => {
      const c = cells.get(cellKey(id, size, big));
      const tokensPerS = c?.ms !== undefined ? Math.round((big * SEQ * 1000) / c.ms).toLocaleString('en-US') : '';
      const own = id.startsWith('webgpu') ? cells.get(cellKey(id, size, small)) : undefined;
      return `| ${label} | ${batches.map((b) => ms(cells.get(cellKey(id, size, b)))).join(' | ')} | ${tokensPerS} | ${count(own?.dispatches)} | ${count(own?.hostMs, 1)} |`;
    }),
  ].join('\n');
}

/** Training step against model size at one batch, one column per implementation. */
export function scalingTable(cells: Cells, sizes: ModelSize[], batch: number): string {
  return [
    `| model (batch ${batch}) | parameters | ${IMPLS.map((i) => `${i.label} (ms)`).join(' | ')} | webgpu / CUDA eager |`,
    `|---|---:|${IMPLS.map(() => '---:|').join('')}---:|`,
    ...sizes.map((size) => {
      const row = IMPLS.map((i) => cells.get(cellKey(i.id, size, batch)));
      const params = row.find((c) => c?.params !== undefined)?.params;
      const [webgpu, cuda] = [cells.get(cellKey('webgpu', size, batch)), cells.get(cellKey('cuda', size, batch))];
      const ratio = webgpu?.ms !== undefined && cuda?.ms !== undefined ? `${(webgpu.ms / cuda.ms).toFixed(1)}x` : '';
      return `| ${sizeLabel(size)} | ${params?.toLocaleString('en-US') ?? ''} | ${row.map(ms).join(' | ')} | ${ratio} |`;
    }),
  ].join('\n');
}

/** Sizes where tfjs and PyTorch count different parameters: the two models would not be the same. */
export function paramMismatches(cells: Cells): string[] {
  const bySize = new Map<string, Set<number>>();
  for (const [key, c] of cells) {
    if (c.params === undefined) continue;
    const size = key.slice(key.indexOf(' ') + 1, key.lastIndexOf(' '));
    bySize.set(size, (bySize.get(size) ?? new Set()).add(c.params));
  }
  return [...bySize].filter(([, p]) => p.size > 1).map(([size, p]) => `${size}: ${[...p].join(' vs ')} parameters`);
}
