/**
 * Share links: an experiment (config, app version, base pair identity, optionally its
 * results) as one URL-fragment payload `<link version>.<base64url(checksum + deflate(JSON))>`.
 * The version sits outside the compressed part, so a link from a newer app is recognised
 * without unpacking it. Decoding never throws and returns a message for the user; any
 * part of the link it keeps has passed the same zod schemas the app itself uses.
 */
import { z } from 'zod';
import type { ExperimentConfig } from '../../core/experiment/config';
import { configForSeed, MAX_SEEDS, seedsOf } from '../../core/experiment/seeds';
import type { ExperimentResult } from '../../core/experiment/result';
import { base64urlToBytes, bytesToBase64url } from './base64url';
import { compressText, decompressText } from './compress';
import { issuesText } from '../../core/experiment/schema-issues';
import { repairConfig } from './config-repair';
import { LINK_VERSION, MAX_INFLATED_BYTES, MAX_PAYLOAD_CHARS } from './limits';
import { linkDefaults } from './link-defaults';
import { linkProblemMessage, openedMessage, type LinkProblem } from './messages';
import type { LeftOut } from './own-rows-repair';
import { resultsFromShared, sharedResultsSchemaFor, trimResults, type SharedResults } from './shared-results';

export interface SharedExperiment {
  config: ExperimentConfig;
  /** The app version the link was made with. */
  appVersion: string;
  /** Identity of the checkpoints the link's maker ran on (see core/experiment/base-pair), when known. */
  basePair: string | null;
  /**
   * The finished run's curves and table, when the link carries them: one result per seed, in
   * the order the seeds ran (the i-th is the i-th seed's); empty when it carries none.
   */
  results: ExperimentResult[];
}

export type DecodedLink =
  | { ok: true; link: SharedExperiment; reset: string[]; ignored: string[]; leftOut: LeftOut[]; resultsDropped: boolean; message: string }
  | { ok: false; problem: LinkProblem; message: string };

/** Identity strings look like "math:0123456789abcdef:0123456789abcdef"; anything else is dropped. */
const BASE_PAIR = /^[a-z]{1,16}:[0-9a-f]{16}:[0-9a-f]{16}$/;
const APP_VERSION = /^[0-9A-Za-z.+-]{1,40}$/;

/** One seed's result as the object links always had; several seeds' as a list. */
function resultsBody(results: readonly ExperimentResult[], outcomes: boolean): { results?: SharedResults | SharedResults[] } {
  const [only] = results;
  if (!only) return {};
  return results.length === 1 ? { results: trimResults(only, outcomes) } : { results: results.map((r) => trimResults(r, outcomes)) };
}

/** The link payload; without `outcomes` the results leave out their per-problem outcomes (shorter, no paired column). */
export function encodeLink(shared: SharedExperiment, outcomes = true): string {
  const body = {
    app: shared.appVersion,
    basePair: shared.basePair,
    config: shared.config,
    ...resultsBody(shared.results, outcomes),
  };
  return `${LINK_VERSION}.${bytesToBase64url(compressText(JSON.stringify(body)))}`;
}

const failure = (problem: LinkProblem, detail?: number): DecodedLink => ({ ok: false, problem, message: linkProblemMessage(problem, detail) });

/** "<version>.<data>": the version, or why the payload cannot be read. */
function splitVersion(payload: string): { version: number; data: string } | DecodedLink {
  const dot = payload.indexOf('.');
  const head = dot < 0 ? payload : payload.slice(0, dot);
  if (!/^[0-9]{1,6}$/.test(head)) return failure('malformed');
  const version = Number(head);
  if (version > LINK_VERSION) return failure('newer-version', version);
  if (version !== LINK_VERSION) return failure('unknown-version', version);
  if (dot < 0) return failure('truncated');
  return { version, data: payload.slice(dot + 1) };
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type LinkResults = { ok: true; results: ExperimentResult[] } | { ok: false; why: string };

/** The results a link carries, each with its seed's config; or why they cannot be shown (the fields the schema refused, or more results than seeds). */
function linkResults(input: unknown, config: ExperimentConfig): LinkResults {
  const seeds = seedsOf(config);
  const schema = sharedResultsSchemaFor(config);
  // A list of at most one result per seed of the config, or one seed's result alone.
  const parsed = Array.isArray(input) ? z.array(schema).max(MAX_SEEDS).safeParse(input) : schema.transform((r) => [r]).safeParse(input);
  if (!parsed.success) return { ok: false, why: issuesText(parsed.error, ['results']) };
  if (parsed.data.length > seeds.length) return { ok: false, why: `it carries ${parsed.data.length} results for ${seeds.length} seed${seeds.length > 1 ? 's' : ''}` };
  return { ok: true, results: parsed.data.map((shared, i) => resultsFromShared(shared, configForSeed(config, seeds[i] as number))) };
}

/** Reads a link payload (the value of the fragment parameter). `defaults` fill in refused fields. */
export function decodeLink(payload: string, defaults: ExperimentConfig): DecodedLink {
  if (payload === '') return failure('empty');
  if (payload.length > MAX_PAYLOAD_CHARS) return failure('too-long', payload.length);
  const split = splitVersion(payload);
  if ('ok' in split) return split;
  const bytes = base64urlToBytes(split.data);
  if (!bytes) return failure(/^[A-Za-z0-9_-]*$/.test(split.data) ? 'truncated' : 'malformed');
  const unpacked = decompressText(bytes, MAX_INFLATED_BYTES);
  if (!unpacked.ok) return failure(unpacked.problem);
  const body = parseBody(unpacked.text);
  if (!body || !Object.hasOwn(body, 'config')) return failure('not-an-experiment');

  const { config, reset, ignored, leftOut } = repairConfig(body.config, linkDefaults(body.config, defaults));
  const appVersion = typeof body.app === 'string' && APP_VERSION.test(body.app) ? body.app : 'unknown';
  const basePair = typeof body.basePair === 'string' && BASE_PAIR.test(body.basePair) ? body.basePair : null;
  // Results belong to the exact config that produced them: a repaired config (a part of its own left out too) drops them.
  const parsedResults = body.results === undefined || reset.length > 0 ? null : linkResults(body.results, config);
  const results = parsedResults?.ok ? parsedResults.results : [];
  const resultsDropped = body.results !== undefined && !parsedResults?.ok;
  const whyDropped = parsedResults && !parsedResults.ok ? parsedResults.why : undefined;
  const link: SharedExperiment = { config, appVersion, basePair, results };
  return { ok: true, link, reset, ignored, leftOut, resultsDropped, message: openedMessage(link, { reset, ignored, leftOut }, resultsDropped, whyDropped) };
}
