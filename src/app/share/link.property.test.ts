/** The decoder against hostile input: it must return (never throw or hang) and never keep an invalid config. */
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { fakeResult } from '../testing/share-fixtures';
import { bytesToBase64url } from './base64url';
import { compressText } from './compress';
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

/** Arms as a hand edit or a hostile page might write them: names taken or twice, values out of range, unknown fields, not objects. */
const hostileArm = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    name: fc.constantFrom('a', 'b', 'c', 'agon', 'base', 'My Arm', '', 'x'.repeat(49), 'bonus_weight=1'),
    bonus_weight: fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, 2, 99)),
    swap_every: fc.integer({ min: -1, max: 3 }),
    solutions_per_draft: fc.integer({ min: 0, max: 4 }),
    roles: fc.constantFrom('swap', 'a-drafts', 'sideways'),
    colour: fc.constant('red'),
  }, { requiredKeys: ['name'] }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 5, '<script>', [], {}) },
);
const hostileSweep = fc.record({
  field: fc.constantFrom('bonus_weight', 'swap_every', 'solutions_per_draft', 'colour'),
  values: fc.array(fc.oneof(fc.integer({ min: -1, max: 20 }), fc.constantFrom(0.5, 'x')), { maxLength: 20 }),
  reference: fc.constantFrom(undefined, 'agon', 'nope', 'bonus_weight=1', 'swap_every=1'),
}, { requiredKeys: ['field', 'values'] });

describe('link decoder properties: arms and sweeps of a config\'s own', () => {
  it('never throws; each arm and sweep value of the link is kept or left out with why, none lost unsaid', () => {
    fc.assert(fc.property(fc.array(hostileArm, { maxLength: 40 }), fc.option(hostileSweep), (arms, sweep) => {
      const payload = `1.${bytesToBase64url(compressText(JSON.stringify({ app: '0.1.0', basePair: null, config: { ...config, arms, ...(sweep ? { sweep } : {}) } })))}`;
      const decoded = decodeChecked(payload);
      if (!decoded.ok) throw new Error(decoded.message);
      const { leftOut } = decoded;
      for (const l of leftOut) expect(l.why).toMatch(/^config\.(arms|sweep)(\.[\w=.-]+)?: ./);
      for (const l of leftOut.slice(0, 10)) expect(decoded.message).toContain(`${l.what} (`);
      const gone = (prefix: string) => leftOut.filter((l) => l.path.startsWith(prefix)).length;
      if (leftOut.some((l) => l.path === 'arms')) expect(decoded.link.config.arms).toBeUndefined();
      else expect((decoded.link.config.arms ?? []).length + gone('arms.')).toBe(arms.length);
      if (!sweep) return;
      if (leftOut.some((l) => l.path === 'sweep')) expect(decoded.link.config.sweep).toBeUndefined();
      else expect((decoded.link.config.sweep?.values ?? []).length + gone('sweep.values.')).toBe(sweep.values.length);
    }), { numRuns: 200, seed: 7 });
  });
});
