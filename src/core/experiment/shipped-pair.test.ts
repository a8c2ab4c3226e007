import { describe, expect, it } from 'vitest';
import { manifestKey, shippedPairOf } from './shipped-pair';

describe('the shipped pair a config names', () => {
  const pairs = { math: { id: 'math:aa:bb' }, 'math-premise': { id: 'math:cc:dd' }, code: { id: 'code:ee:ff' } };

  it('takes a name as it is, and finds an id among the entries', () => {
    expect(shippedPairOf('math', 'premise', pairs)).toBe('premise');
    expect(shippedPairOf('math', 'shipped', pairs)).toBe('shipped');
    expect(shippedPairOf('math', 'math:cc:dd', pairs)).toBe('premise');
    expect(shippedPairOf('math', 'math:aa:bb', pairs)).toBe('shipped');
  });

  it('falls back to the family\'s own pair for an id no entry records (the runner then says the ids differ)', () => {
    expect(shippedPairOf('math', 'math:00:00', pairs)).toBe('shipped');
    expect(shippedPairOf('code', 'math:cc:dd', pairs)).toBe('shipped');
  });

  it('names the manifest entry of each', () => {
    expect(manifestKey('math', 'shipped')).toBe('math');
    expect(manifestKey('math', 'premise')).toBe('math-premise');
  });
});
