import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, SWEEP } from './bench-gpu-args';
import { cellKey, mainTable, paramMismatches, scalingTable, type Cells } from './bench-gpu-table';

const big = SWEEP[1]!;

function cells(): Cells {
  return new Map([
    [cellKey('webgpu', DEFAULT_SIZE, 4), { ms: 33.25, params: 115840, dispatches: 78, hostMs: 9.94 }],
    [cellKey('webgpu', DEFAULT_SIZE, 64), { ms: 39, params: 115840 }],
    [cellKey('webgpu-recorded', DEFAULT_SIZE, 4), { ms: 30, params: 115840, dispatches: 78, hostMs: 1.04 }],
    [cellKey('wasm', DEFAULT_SIZE, 64), { ms: 376.4, params: 115840 }],
    [cellKey('cuda', DEFAULT_SIZE, 4), { note: 'no CUDA' }],
    [cellKey('cuda', DEFAULT_SIZE, 64), { note: 'no CUDA' }],
    [cellKey('cpu', DEFAULT_SIZE, 64), { ms: 1234, params: 115840 }],
    [cellKey('webgpu', big, 64), { ms: 50, params: 900000 }],
    [cellKey('cuda', big, 64), { ms: 10, params: 900000 }],
  ]);
}

describe('bench:gpu tables', () => {
  it('one row per implementation, ms or the reason, both webgpu rows with their dispatches and host time', () => {
    const lines = mainTable(cells(), DEFAULT_SIZE, [4, 64]).split('\n');
    expect(lines[0]).toBe('| d64 L2 H4 ff256 | train step, batch 4 (ms) | train step, batch 64 (ms) | tokens/s at batch 64 | GPU dispatches / step | host JS / step (ms) |');
    expect(lines[2]).toBe('| webgpu, fused kernels | 33.3 | 39.0 | 78,769 | 78 | 9.9 |');
    expect(lines[3]).toBe('| webgpu, recorded step | 30.0 | - |  | 78 | 1.0 |');
    expect(lines[4]).toBe('| tfjs wasm (1 thread) | - | 376 | 8,162 |  |  |');
    expect(lines[5]).toBe('| PyTorch CUDA, eager | no CUDA | no CUDA |  |  |  |');
    expect(lines[7]).toBe('| PyTorch CPU (1 thread) | - | 1,234 | 2,489 |  |  |');
  });

  it('one row per size, with the webgpu / CUDA ratio where both ran', () => {
    const lines = scalingTable(cells(), [DEFAULT_SIZE, big], 64).split('\n');
    expect(lines[2]).toBe('| d64 L2 H4 ff256 | 115,840 | 39.0 | - | 376 | no CUDA | - | 1,234 |  |');
    expect(lines[3]).toBe('| d128 L4 H4 ff512 | 900,000 | 50.0 | - | - | 10.0 | - | - | 5.0x |');
  });

  it('names sizes whose parameter counts differ between implementations', () => {
    const c = cells();
    expect(paramMismatches(c)).toEqual([]);
    c.set(cellKey('cpu', big, 64), { ms: 1, params: 899999 });
    expect(paramMismatches(c)).toEqual(['d128 L4 H4 ff512: 900000 vs 899999 parameters']);
  });
});
