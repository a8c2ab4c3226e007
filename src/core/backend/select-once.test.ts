import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { selectBackend } from './index';

// Its own file: selectBackend wraps each backend's factory once per module instance.
describe('selectBackend initialises a backend once', () => {
  it('calls an async (wasm) factory once', async () => {
    const factory = tf.findBackendFactory('wasm');
    if (!factory) throw new Error('wasm backend not registered');
    let calls = 0;
    tf.removeBackend('wasm');
    tf.registerBackend('wasm', async () => {
      calls++;
      return factory();
    }, 2);
    const info = await selectBackend(['wasm']);
    expect(info.name).toBe('wasm');
    expect(calls).toBe(1);
  });
});
