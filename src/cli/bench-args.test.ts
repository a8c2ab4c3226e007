import { describe, expect, it } from 'vitest';
import { parseBenchArgs, UsageError } from './bench-args';

describe('bench arguments', () => {
  it('runs wasm only by default', () => {
    expect(parseBenchArgs([])).toEqual({ backends: ['wasm'], quick: false, profile: false, plain: true, dispatchCache: false, help: false });
  });

  it('keeps --backends, --quick and --profile; cpu is opt-in', () => {
    expect(parseBenchArgs(['--backends', 'wasm,cpu', '--quick', '--profile'])).toEqual({ backends: ['wasm', 'cpu'], quick: true, profile: true, plain: true, dispatchCache: false, help: false });
    expect(parseBenchArgs(['--backends=cpu']).backends).toEqual(['cpu']);
    expect(parseBenchArgs(['-h']).help).toBe(true);
    expect(parseBenchArgs(['--backends', 'webgpu', '--no-plain'])).toMatchObject({ backends: ['webgpu'], plain: false });
    expect(parseBenchArgs(['--backends', 'webgpu', '--dispatch-cache']).dispatchCache).toBe(true);
  });

  it('refuses unknown or repeated backends, unknown flags, a missing value and positionals', () => {
    for (const argv of [['--backends', 'wsam'], ['--backends', ''], ['--backends', 'wasm,wasm'], ['--backends'], ['--fast'], ['wasm']]) {
      expect(() => parseBenchArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
    expect(() => parseBenchArgs(['--backends', 'wsam'])).toThrow(/unknown backend "wsam"/);
  });

});
