import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCheckpoint, encodeCheckpointAsync } from './checkpoint';
import { TINY_CONFIG, useWasmBackend } from './testing';
import { Transformer } from './transformer';

let model: Transformer;

beforeAll(async () => {
  await useWasmBackend();
  model = new Transformer(TINY_CONFIG, 3);
});
afterAll(() => model.dispose());

describe('asynchronous checkpoint encoding', () => {
  it('writes the same bytes as the synchronous one', async () => {
    const meta = { tokenizerVersion: 'tok-v1', extra: { member: 'A' } };
    expect(await encodeCheckpointAsync(model, meta)).toEqual(encodeCheckpoint(model, meta));
  });
});
