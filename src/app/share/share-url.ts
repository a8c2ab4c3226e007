/**
 * Where a payload sits in a page address (the fragment, which static hosts never see), and
 * links that fit. Links that arrive nearly right (the marker's case changed, its "=" encoded
 * as "%3D", or moved into the query) are read too, and say how they differed.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import { decodeLink, encodeLink, type DecodedLink, type SharedExperiment } from './link';
import { LINK_PARAM, MAX_LINK_CHARS } from './limits';
import { alteredNote } from './messages';

export function fragmentFor(payload: string): string {
  return `#${LINK_PARAM}=${payload}`;
}

/** A link found in a page address. */
export interface FoundLink {
  payload: string;
  /** The marker as the address had it, when not exactly "#agon=" (e.g. "#AGON=", "#agon%3D", "?agon="); else null. */
  altered: string | null;
}

/** "agon=" in any case, its "=" maybe percent-encoded; in the fragment also "agon" alone (a link cut right after its name). */
const HASH_MARKER = new RegExp(`^${LINK_PARAM}(?:=|%3d|$)`, 'i');
const QUERY_PART = new RegExp(`^${LINK_PARAM}(?:=|%3d)`, 'i');

/** The part of the query that holds a link ("agon=..."), if one does. */
function queryLink(search: string): FoundLink | null {
  for (const part of search.replace(/^\?/, '').split('&')) {
    const marker = QUERY_PART.exec(part);
    if (marker) return { payload: part.slice(marker[0].length), altered: `?${marker[0]}` };
  }
  return null;
}

/** The link in a page's address: its fragment ("#agon=..."), else its query; null when the page was opened without one. */
export function linkInAddress(hash: string, search: string): FoundLink | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const marker = HASH_MARKER.exec(body);
  if (!marker) return queryLink(search);
  const exact = marker[0] === `${LINK_PARAM}=`;
  return { payload: body.slice(marker[0].length), altered: exact ? null : `#${marker[0]}` };
}

/** The query without any link in it: the page writes its link to the fragment, and one left in the query would be stale. */
export function searchWithoutLink(search: string): string {
  const kept = search.replace(/^\?/, '').split('&').filter((part) => part !== '' && !QUERY_PART.test(part));
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/** Decodes a link found in an address; the message also says how its marker differed, when it did. */
export function decodeFoundLink(found: FoundLink, defaults: ExperimentConfig): DecodedLink {
  const decoded = decodeLink(found.payload, defaults);
  return found.altered === null ? decoded : { ...decoded, message: `${decoded.message} ${alteredNote(found.altered, decoded.ok)}` };
}

export type ShareLink =
  | { url: string; withResults: boolean; chars: number }
  /** The per-problem outcomes made the link too long: the results without them, and how long it would have been. */
  | { url: string; withResults: true; chars: number; outcomesTooLong: number }
  /** The results made the link too long: here is the config-only one, and how long the full one was. */
  | { url: string; withResults: false; chars: number; resultsTooLong: number };

/**
 * A link to `page` (origin + path of the page it was made on). With results, when they
 * do not fit in MAX_LINK_CHARS, the results without their per-problem outcomes, else the
 * config-only link, comes back with the length the full one would have had.
 */
export function makeShareLink(page: string, shared: SharedExperiment): ShareLink {
  const url = page + fragmentFor(encodeLink(shared));
  const withResults = shared.results.length > 0;
  if (url.length <= MAX_LINK_CHARS || !withResults) return { url, withResults, chars: url.length };
  const withoutOutcomes = page + fragmentFor(encodeLink(shared, false));
  if (withoutOutcomes.length <= MAX_LINK_CHARS) return { url: withoutOutcomes, withResults: true, chars: withoutOutcomes.length, outcomesTooLong: url.length };
  const configOnly = page + fragmentFor(encodeLink({ ...shared, results: [] }));
  return { url: configOnly, withResults: false, chars: configOnly.length, resultsTooLong: url.length };
}
