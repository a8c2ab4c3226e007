import { describe, expect, it } from 'vitest';
import { bucketLength } from './buckets';
import { defaultModelConfig, validateModelConfig } from './config';

describe('validateModelConfig', () => {
  it('accepts the default config', () => {
    expect(validateModelConfig(defaultModelConfig(48))).toEqual([]);
  });

  it('reports heads that do not divide dModel and non-positive sizes', () => {
    const errors = validateModelConfig({ ...defaultModelConfig(48), nHeads: 5, nLayers: 0, dFF: 1.5 });
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toMatch(/divisible by nHeads/);
  });
});

describe('bucketLength', () => {
  it('rounds up to multiples of 16, capped at maxLen', () => {
    expect([1, 16, 17, 48, 100].map((n) => bucketLength(n))).toEqual([16, 16, 32, 48, 112]);
    expect(bucketLength(120, 128)).toBe(128);
    expect(bucketLength(100, 100)).toBe(100);
    expect(() => bucketLength(129, 128)).toThrow(/exceeds maxLen/);
  });
});
