import { afterEach, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { selectBackend } from './select';

// The real engine. In Node no webgl backend is registered, so the tests register a fake one.
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  if (tf.findBackendFactory('webgl')) tf.removeBackend('webgl');
});

describe('a backend attempt on the TensorFlow.js engine', () => {
  it('a webgl start that never answers: given up, its late instance disposed, the next backend left current', async () => {
    let arrive: (b: tf.KernelBackend) => void = () => {};
    tf.registerBackend('webgl', () => new Promise<tf.KernelBackend>((resolve) => (arrive = resolve)), 2);
    const info = await selectBackend(['webgl', 'cpu'], { limitMs: 100 });
    expect(info.tried).toEqual([{ name: 'webgl', ok: false, error: 'no answer in 0.1 s' }, { name: 'cpu', ok: true }]);
    expect(tf.getBackend()).toBe('cpu');

    let disposed = 0;
    const late = new (class extends tf.KernelBackend {
      override dispose() {
        disposed++;
      }
    })();
    arrive(late);
    await settle();
    // Arrived after its attempt was given up: freed, not registered, and the current backend untouched.
    expect(disposed).toBe(1);
    expect(tf.engine().registry.webgl).toBeUndefined();
    expect(tf.getBackend()).toBe('cpu');
    expect(tf.add(tf.scalar(1), tf.scalar(2)).dataSync()[0]).toBe(3);
    // Still registered, so a later selection may try it again.
    expect(tf.findBackendFactory('webgl')).not.toBeNull();
  });

  it('a webgl start that fails (as in Firefox on a software renderer): removed, then wasm starts and computes, several times over', async () => {
    tf.registerBackend('webgl', () => {
      throw new Error('WebGL is not supported on this device');
    }, 2);
    for (let i = 0; i < 5; i++) {
      const info = await selectBackend(['webgl', 'wasm'], { limitMs: 5000 });
      expect(info.tried).toEqual([{ name: 'webgl', ok: false, error: 'WebGL is not supported on this device' }, { name: 'wasm', ok: true }]);
      expect(tf.getBackend()).toBe('wasm');
      expect(tf.engine().registry.webgl).toBeUndefined();
    }
  });
});
