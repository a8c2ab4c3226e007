/** The decoder against hostile input: it must return (never throw or hang) and never keep an invalid config. */
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { fakeResult } from '../testing/share-fixtures';
import { bytesToBase64url } from './base64url';
import { decodeLink, encodeLink, type DecodedLink } from './link';

const defaults: ExperimentConfig = DEFAULT_EXPERIMENT;
const config: ExperimentConfig = { ...PRESETS.micro, methods: ['agon', 'grpo', 'zero-shot'] };
const valid = encodeLink({ config, appVersion: '0.1.0', basePair: null, results: [fakeResult(config)] });

/** Decodes within a time budget and checks the invariants every answer must hold. */
function decodeChecked(payload: string): DecodedLink {
  const started = performance.now();
  const decoded = decodeLink(payload, defaults);
  expect(performance.now() - started).toBeLessThan(2000);
  expect(decoded.message.length).toBeGreaterThan(0);
  if (decoded.ok) expect(experimentConfigSchema.safeParse(decoded.link.config).success).toBe(true);
  return decoded;
}

const mutation = fc.oneof(
  // Replace one character with any URL-safe one.
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), ch: fc.constantFrom(...'AZaz09-_.%+/='.split('')) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(s: string, m: Mutation): string {
  const at = m.at % (s.length + 1);
  switch (m.kind) {
    case 'replace':
      return s.slice(0, at) + m.ch + s.slice(at + 1);
    case 'delete':
      return s.slice(0, at) + s.slice(at + m.length);
    case 'insert':
      return s.slice(0, at) + m.text + s.slice(at);
    case 'truncate':
      return s.slice(0, at);
  }
}

describe('link decoder properties', () => {
  it('never throws on random strings', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.base64String({ maxLength: 400 }).map((s) => `1.${s}`)), (s) => {
      expect(decodeChecked(s).ok).toBe(false);
    }));
  });

  it('never throws on mutated valid links, and never keeps an invalid config', () => {
    fc.assert(fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
      decodeChecked(ms.reduce(mutate, valid));
    }), { numRuns: 300 });
  });

  it('never inflates past the cap: bombs of any size are refused quickly', () => {
    fc.assert(fc.property(fc.integer({ min: 300_000, max: 20_000_000 }), fc.integer({ min: 0, max: 255 }), (size, byte) => {
      const deflated = deflateSync(new Uint8Array(size).fill(byte), { level: 9 });
      const payload = `1.${bytesToBase64url(new Uint8Array([0, 0, 0, 0, ...deflated]))}`;
      const decoded = decodeChecked(payload);
      expect(decoded).toMatchObject({ ok: false });
      if (!decoded.ok) expect(['too-large', 'too-long']).toContain(decoded.problem);
    }), { numRuns: 8 });
  });
});
