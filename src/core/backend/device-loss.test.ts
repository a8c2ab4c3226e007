import { describe, expect, it } from 'vitest';
import { backendsAfterLoss, deviceLossMessage, DeviceLostError } from './device-loss';

describe('backendsAfterLoss', () => {
  it('goes on with the rest of the default order, passing over software GPUs', () => {
    expect(backendsAfterLoss(['webgpu', 'webgl', 'wasm', 'cpu'], 'webgpu', false)).toEqual({ order: ['webgl', 'wasm', 'cpu'], forced: false });
  });

  it('keeps the rest of a named order as named', () => {
    expect(backendsAfterLoss(['webgpu', 'wasm'], 'webgpu', true)).toEqual({ order: ['wasm'], forced: true });
    expect(backendsAfterLoss(['cpu', 'webgpu', 'webgl'], 'webgpu', true)).toEqual({ order: ['webgl'], forced: true });
  });

  it('falls back to the default order when the URL named only webgpu, not forcing software GPUs', () => {
    expect(backendsAfterLoss(['webgpu'], 'webgpu', true)).toEqual({ order: ['webgl', 'wasm', 'cpu'], forced: false });
  });

  it('never offers webgpu again', () => {
    expect(backendsAfterLoss(['webgl', 'webgpu'], 'webgl', true)).toEqual({ order: ['wasm', 'cpu'], forced: false });
  });
});

describe('deviceLossMessage', () => {
  it('says where it was lost, why, and where it continued', () => {
    const text = deviceLossMessage({ reason: 'destroyed', message: 'Device was destroyed.' }, 3, 'wasm', 2);
    expect(text).toMatch(/^WebGPU device lost after step 3 \(destroyed: Device was destroyed\.\); continued on wasm from step 2, its last saved checkpoint\./);
    expect(text).toContain('not bit-identical');
  });

  it('says when the arms start over', () => {
    expect(deviceLossMessage({ reason: 'unknown', message: '' }, 1, 'cpu', null)).toContain('continued on cpu from the start');
  });

  it('names the loss in the error', () => {
    expect(new DeviceLostError({ reason: 'destroyed', message: 'gone' }).message).toBe('the WebGPU device was lost (destroyed: gone)');
  });
});
