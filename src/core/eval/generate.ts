/** Turns prompts into sampled completion texts, in chunks so memory stays bounded on any backend. */
import type { Transformer } from '../model/transformer';
import { sample } from '../model/sampler';
import { Rng } from '../random';
import { decode, encode, EOS_ID, PAD_ID } from '../tokenizer/tokenizer';

export interface SamplingOptions {
  temperature: number;
  topP: number;
  maxNewTokens: number;
  seed: number;
  /** Prompts per sampler call. */
  chunkSize?: number;
}

export interface Generation {
  text: string;
  tokenLogProbs: number[];
  /** Token ids of the completion (what an RL update scores). */
  tokens: number[];
}

export async function generate(model: Transformer, prompts: readonly string[], options: SamplingOptions): Promise<Generation[]> {
  const chunk = options.chunkSize ?? 256;
  const rng = new Rng(options.seed);
  const out: Generation[] = [];
  for (let start = 0; start < prompts.length; start += chunk) {
    const ids = prompts.slice(start, start + chunk).map((p) => encode(p));
    const result = await sample(model, ids, {
      maxNewTokens: options.maxNewTokens,
      temperature: options.temperature,
      topP: options.topP,
      eosId: EOS_ID,
      padId: PAD_ID,
      seed: rng.seed(),
    });
    result.tokens.forEach((tokens, i) => {
      out.push({ text: decode(tokens), tokenLogProbs: result.tokenLogProbs[i] ?? [], tokens });
    });
  }
  return out;
}
