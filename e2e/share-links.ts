/** Share-link payloads for browser tests, good and bad, made with the app's own encoder. */
import { deflateSync } from 'fflate';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../src/core/experiment/config';
import { PRESETS } from '../src/core/experiment/presets';
import { bytesToBase64url } from '../src/app/share/base64url';
import { compressText } from '../src/app/share/compress';
import { encodeLink } from '../src/app/share/link';
import { trimResults } from '../src/app/share/shared-results';
import { fakeResult } from '../src/app/testing/share-fixtures';

export const BASE_PAIR = 'math:0123456789abcdef:fedcba9876543210';

/** The micro preset for four methods, with max_completion_length as the math layout sets it. */
export function microConfig(over: Partial<ExperimentConfig> = {}): ExperimentConfig {
  return { ...PRESETS.micro, rl: { ...PRESETS.micro.rl, max_completion_length: 18 }, ...over };
}

export function resultsPayload(config: ExperimentConfig): string {
  return encodeLink({ config, appVersion: '0.1.0', basePair: BASE_PAIR, results: [fakeResult(config)] });
}

/** A v1 payload around any JSON body (with a valid checksum): for contents the app would never write. */
const craftedPayload = (body: unknown) => `1.${bytesToBase64url(compressText(JSON.stringify(body)))}`;

/** One link of each kind the decoder must refuse or repair, with the problem it must report. */
export function badLinks(): { name: string; payload: string; problem: string; text: RegExp }[] {
  const good = encodeLink({ config: microConfig({ seed: 42 }), appVersion: '0.1.0', basePair: null, results: [] });
  const data = good.slice(2);
  const bomb = deflateSync(new Uint8Array(8 * 1024 * 1024), { level: 9 });
  return [
    { name: 'truncated', payload: good.slice(0, Math.floor(good.length / 2)), problem: 'truncated', text: /incomplete/ },
    { name: 'corrupted', payload: `1.${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`, problem: 'corrupted', text: /damaged/ },
    { name: 'newer version', payload: `7.${data}`, problem: 'newer-version', text: /newer version/ },
    { name: 'oversized', payload: `1.${'A'.repeat(20_000)}`, problem: 'too-long', text: /too long \(20,002 characters; links hold at most 16,384\)/ },
    { name: 'decompression bomb', payload: `1.${bytesToBase64url(new Uint8Array([0, 0, 0, 0, ...bomb]))}`, problem: 'too-large', text: /256 KB/ },
    { name: 'not base64', payload: '1.<script>window.__pwned=1</script>', problem: 'malformed', text: /not an experiment link/ },
  ];
}

/** A link whose config is partly out of range and carries a crafted field name and app version. */
export function partlyBadPayload(): string {
  const config = { ...DEFAULT_EXPERIMENT, seed: 42, steps: -5, rl: { ...DEFAULT_EXPERIMENT.rl, top_p: 7 }, '<img src=x onerror="window.__pwned=1">': 1 };
  return craftedPayload({ app: '<script>window.__pwned=1</script>', basePair: null, config });
}

/** A config link written the ways links get bent on the way, each with the marker the page should quote back. */
export function nearMissAddresses(payload: string): { address: string; marker: string }[] {
  return [
    { address: `./#AGON=${payload}`, marker: '#AGON=' },
    { address: `./#agon%3D${payload}`, marker: '#agon%3D' },
    { address: `./?agon=${payload}`, marker: '?agon=' },
  ];
}

/**
 * Results of two seeds edited by hand to impossible scores: seed 1's first row claims 10^9
 * correct of 1 with its interval upside down (the pooled table would recompute from these counts).
 */
export function impossibleResultsPayload(config: ExperimentConfig): string {
  const results = [1, 2].map((seed) => trimResults(fakeResult({ ...config, seeds: undefined, seed })));
  const row = results[0]?.table[0];
  if (row) row.test = { correct: 1_000_000_000, n: 1, passAt1: 1, low: 0.9, high: 0.1 };
  return craftedPayload({ app: '0.1.0', basePair: null, config: { ...config, seed: 1, seeds: [1, 2] }, results });
}
