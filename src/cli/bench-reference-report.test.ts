import { describe, expect, it } from 'vitest';
import { median, parseReferenceArgs, parseTorchParams, parseTorchResult, referenceTable, UsageError } from './bench-reference-report';

describe('bench:reference arguments', () => {
  it('defaults to 3 rounds, 1 thread, 5 steps', () => {
    expect(parseReferenceArgs([])).toEqual({ rounds: 3, threads: 1, steps: 5 });
  });

  it('reads --rounds, --threads and --steps', () => {
    expect(parseReferenceArgs(['--threads', '2', '--rounds', '5', '--steps', '3'])).toEqual({ rounds: 5, threads: 2, steps: 3 });
    expect(parseReferenceArgs(['--threads=4'])).toEqual({ rounds: 3, threads: 4, steps: 5 });
  });

  it('refuses non-positive or non-integer counts, unknown flags and positionals', () => {
    for (const argv of [['--threads', '0'], ['--rounds', '1.5'], ['--steps', 'many'], ['--threads', '-1'], ['--threads'], ['--bogus'], ['extra']]) {
      expect(() => parseReferenceArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});

describe('bench_reference.py output', () => {
  const line = '{"params": 115840, "step_ms": 65.9, "first_loss": 2.735, "threads": 1, "torch": "1.13.0a0"}';

  it('reads the last JSON line', () => {
    expect(parseTorchResult(`some warning\n${line}\n`)).toEqual({ params: 115840, stepMs: 65.9, firstLoss: 2.735, threads: 1, torch: '1.13.0a0' });
    expect(parseTorchParams('{"params": 115840}\n')).toBe(115840);
  });

  it('throws on missing JSON or a missing field', () => {
    expect(() => parseTorchResult('')).toThrow(/no JSON result/);
    expect(() => parseTorchResult('Traceback ...')).toThrow(/no JSON result/);
    expect(() => parseTorchResult('{"params": 115840}')).toThrow(/"step_ms"/);
    expect(() => parseTorchParams('{"params": null}')).toThrow(/"params"/);
  });
});

describe('bench:reference table', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('prints one row per round and the median ratio', () => {
    const table = referenceTable(
      [
        { tfjsMs: 500, torchMs: 100 },
        { tfjsMs: 420, torchMs: 70 },
        { tfjsMs: 300, torchMs: 75 },
      ],
      1,
    );
    expect(table.split('\n')).toEqual([
      '| round | tfjs wasm step (ms) | PyTorch CPU step (ms, 1 thread) | ratio (tfjs / PyTorch) |',
      '|---:|---:|---:|---:|',
      '| 1 | 500.0 | 100.0 | 5.00x |',
      '| 2 | 420.0 | 70.0 | 6.00x |',
      '| 3 | 300.0 | 75.0 | 4.00x |',
      '',
      'median ratio over 3 rounds: 5.00x (tfjs wasm train step time / PyTorch CPU, 1 thread)',
    ]);
    expect(referenceTable([{ tfjsMs: 1, torchMs: 2 }], 2)).toContain('median ratio over 1 round: 0.50x (tfjs wasm train step time / PyTorch CPU, 2 threads)');
  });
});
