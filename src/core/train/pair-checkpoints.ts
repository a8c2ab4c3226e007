/** The base pair as checkpoint files, tagged with family and member (what the runner and the manifest read). */
import { encodeCheckpoint } from '../model/checkpoint';
import type { Transformer } from '../model/transformer';
import type { TaskFamily } from '../tasks/task';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';

export function encodeBasePair(pair: { a: Transformer; b: Transformer }, family: TaskFamily): { a: Uint8Array; b: Uint8Array } {
  const encode = (model: Transformer, member: 'A' | 'B') => encodeCheckpoint(model, { tokenizerVersion: TOKENIZER_VERSION, extra: { family: family.name, member } });
  return { a: encode(pair.a, 'A'), b: encode(pair.b, 'B') };
}
