/** The base pair as checkpoint files, tagged with family and member (what the runner and the manifest read). */
import { encodeCheckpointAsync } from '../model/checkpoint';
import type { Transformer } from '../model/transformer';
import type { TaskFamily } from '../tasks/task';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';

export async function encodeBasePair(pair: { a: Transformer; b: Transformer }, family: TaskFamily): Promise<{ a: Uint8Array; b: Uint8Array }> {
  const encode = (model: Transformer, member: 'A' | 'B') => encodeCheckpointAsync(model, { tokenizerVersion: TOKENIZER_VERSION, extra: { family: family.name, member } });
  return { a: await encode(pair.a, 'A'), b: await encode(pair.b, 'B') };
}
