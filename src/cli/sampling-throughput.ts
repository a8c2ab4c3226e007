/**
 * One process's KV-sampling throughput on wasm, printed as JSON: the `npm run bench` shapes
 * (default model, 64 prompts of 21-24 tokens, 48 new tokens each, T = 1, top-p 0.95), one
 * warm-up rollout, then `--runs` timed rollouts. bench-sampling.ts runs this file in this
 * tree and in an older checkout, alternately, so it imports only what both have.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { defaultModelConfig } from '../core/model/config';
import { sample } from '../core/model/sampler';
import { Transformer } from '../core/model/transformer';

const VOCAB = 59;
const ROWS = 64;
const PROMPT_LEN = 24;
const NEW_TOKENS = 48;

const r = process.argv.indexOf('--runs');
const runs = r >= 0 ? Number(process.argv[r + 1]) : 7;
await tf.setBackend('wasm');
await tf.ready();
const model = new Transformer(defaultModelConfig(VOCAB), 1);
const prompts = Array.from({ length: ROWS }, (_, i) => Array.from({ length: PROMPT_LEN - (i % 4) }, (_, j) => 1 + ((i * 5 + j * 3) % (VOCAB - 1))));
// eosId -1 never matches, so every row generates all NEW_TOKENS.
const opts = { maxNewTokens: NEW_TOKENS, temperature: 1, topP: 0.95, eosId: -1, padId: 0, seed: 1 };
await sample(model, prompts, opts);
const tokensPerSec: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  await sample(model, prompts, opts);
  tokensPerSec.push((ROWS * NEW_TOKENS) / ((performance.now() - start) / 1000));
}
console.log(JSON.stringify({ tokensPerSec }));
