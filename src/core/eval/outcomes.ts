/**
 * Per-problem correctness as a compact string: a bitset, 6 problems per base64url character,
 * problem i at bit (5 - i % 6) of character floor(i / 6), the last character padded with 0s.
 * 1000 test-hard problems take 167 characters, small enough for result files and share links,
 * and it keeps what a paired comparison needs: which problems each method got right.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BITS = 6;

export function encodeOutcomes(correct: readonly boolean[]): string {
  let text = '';
  for (let start = 0; start < correct.length; start += BITS) {
    let value = 0;
    for (let bit = 0; bit < BITS; bit++) value = (value << 1) | (correct[start + bit] ? 1 : 0);
    text += ALPHABET[value];
  }
  return text;
}

/** The n outcomes the text holds, or why it cannot hold them (read from files and links, so never trusted). */
export function decodeOutcomes(text: string, n: number): { ok: true; correct: boolean[] } | { ok: false; why: string } {
  const chars = Math.ceil(n / BITS);
  if (text.length !== chars) return { ok: false, why: `${text.length} characters where ${n} problems take ${chars}` };
  const correct: boolean[] = [];
  for (let c = 0; c < chars; c++) {
    const value = ALPHABET.indexOf(text[c] as string);
    if (value < 0) return { ok: false, why: `"${text[c]}" is not a base64url character` };
    for (let bit = 0; bit < BITS; bit++) {
      const set = ((value >> (BITS - 1 - bit)) & 1) === 1;
      if (c * BITS + bit < n) correct.push(set);
      else if (set) return { ok: false, why: 'a bit past the last problem is set' };
    }
  }
  return { ok: true, correct };
}

/** Why the text cannot be the outcomes behind a score of `correct` out of `n`; null when it can. */
export function outcomesProblem(text: string, correct: number, n: number): string | null {
  const decoded = decodeOutcomes(text, n);
  if (!decoded.ok) return `the per-problem outcomes do not fit the score: ${decoded.why}`;
  const right = decoded.correct.filter(Boolean).length;
  return right === correct ? null : `the per-problem outcomes count ${right} right answers, the score ${correct}`;
}
