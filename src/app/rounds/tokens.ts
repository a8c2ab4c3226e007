/**
 * Splits a decoded completion back into its tokens, so each can be shaded by the
 * probability it was sampled with. Mirrors the char tokenizer: `<name>` is one special
 * token, every other character is one token.
 */
export function splitTokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const close = text[i] === '<' ? text.indexOf('>', i) : -1;
    const end = close > i ? close + 1 : i + 1;
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

/** Tokens paired with their sampling probabilities (null where the counts disagree). */
export function tokensWithProbs(text: string, probs: readonly number[]): { token: string; prob: number | null }[] {
  return splitTokens(text).map((token, i) => ({ token, prob: probs[i] ?? null }));
}
