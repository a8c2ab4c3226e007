import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOS_ID, decode, encode, EOS_ID, PAD_ID, special, TokenizerError, VOCAB, VOCAB_SIZE } from './tokenizer';

const plainChars = VOCAB.filter((t) => t.length === 1);

describe('tokenizer', () => {
  it('has distinct ids for the special tokens', () => {
    const ids = [PAD_ID, BOS_ID, EOS_ID, special('draft'), special('sol'), special('answer')];
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBeLessThan(VOCAB_SIZE);
  });

  it('round-trips text with special tokens', () => {
    const text = '<bos>3+4*2.<draft>7 4<answer>?<sol>7 4 7<answer>7<eos>';
    const ids = encode(text);
    expect(ids[0]).toBe(BOS_ID);
    expect(ids[ids.length - 1]).toBe(EOS_ID);
    expect(decode(ids)).toBe(text);
  });

  it('round-trips any string of vocabulary characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...plainChars)), (chars) => {
        const text = chars.join('');
        expect(decode(encode(text))).toBe(text);
      }),
    );
  });

  it('round-trips any id sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: VOCAB_SIZE - 1 })), (ids) => {
        expect(encode(decode(ids))).toEqual(ids);
      }),
    );
  });

  it('names an unknown character', () => {
    expect(() => encode('3+4#')).toThrow(TokenizerError);
    expect(() => encode('3+4#')).toThrow(/"#" \(U\+0023\) at position 3/);
    expect(() => encode('ÄB')).toThrow(/"Ä"/);
  });

  it('names an unknown special token', () => {
    expect(() => encode('ab<foo>')).toThrow(/unknown special token "<foo>" at position 2/);
    expect(() => encode('ab<eos')).toThrow(/unknown special token "<eos"/);
  });

  it('rejects ids outside the vocabulary', () => {
    expect(() => decode([VOCAB_SIZE])).toThrow(/outside the vocabulary/);
  });
});
