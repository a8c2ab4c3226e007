/**
 * Character-level tokenizer with a fixed vocabulary. Special tokens are written
 * in text as `<name>`; `<` and `>` never occur as plain characters, so text and
 * token ids convert both ways without ambiguity.
 */
export const TOKENIZER_VERSION = 'char-v1';

export const SPECIAL_TOKENS = ['pad', 'bos', 'eos', 'draft', 'sol', 'answer'] as const;
export type SpecialToken = (typeof SPECIAL_TOKENS)[number];

const PLAIN_CHARS = ' 0123456789abcdefghijklmnopqrstuvwxyz+-*=.,;:?|()[]_\n';

export const VOCAB: readonly string[] = [...SPECIAL_TOKENS.map((s) => `<${s}>`), ...PLAIN_CHARS];
export const VOCAB_SIZE = VOCAB.length;

const idOf = new Map(VOCAB.map((tok, id) => [tok, id]));

/** Token id of a special token. */
export function special(name: SpecialToken): number {
  return idOf.get(`<${name}>`) as number;
}

export const PAD_ID = special('pad');
export const BOS_ID = special('bos');
export const EOS_ID = special('eos');

export class TokenizerError extends Error {
  override name = 'TokenizerError';
}

function describeChar(ch: string): string {
  const code = ch.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
  return `${JSON.stringify(ch)} (U+${code})`;
}

export function encode(text: string): number[] {
  const ids: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '<') {
      const close = text.indexOf('>', i);
      const tag = close < 0 ? text.slice(i) : text.slice(i, close + 1);
      const id = idOf.get(tag);
      if (id === undefined) {
        throw new TokenizerError(`unknown special token ${JSON.stringify(tag)} at position ${i}; known: ${SPECIAL_TOKENS.map((s) => `<${s}>`).join(' ')}`);
      }
      ids.push(id);
      i += tag.length;
      continue;
    }
    const id = idOf.get(ch);
    if (id === undefined) {
      throw new TokenizerError(`character ${describeChar(ch)} at position ${i} is not in the vocabulary`);
    }
    ids.push(id);
    i += 1;
  }
  return ids;
}

export function decode(ids: readonly number[]): string {
  return ids
    .map((id) => {
      const tok = VOCAB[id];
      if (tok === undefined) throw new TokenizerError(`token id ${id} is outside the vocabulary (size ${VOCAB_SIZE})`);
      return tok;
    })
    .join('');
}
