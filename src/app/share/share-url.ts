/** Where a payload sits in a page address (the fragment, which static hosts never see), and links that fit. */
import { encodeLink, type SharedExperiment } from './link';
import { LINK_PARAM, MAX_LINK_CHARS } from './limits';

export function fragmentFor(payload: string): string {
  return `#${LINK_PARAM}=${payload}`;
}

/** The payload of a page's fragment ("#agon=..."), or null when the page was opened without a link. */
export function payloadFromHash(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `${LINK_PARAM}=`;
  return body.startsWith(prefix) ? body.slice(prefix.length) : null;
}

export type ShareLink =
  | { url: string; withResults: boolean; chars: number }
  /** The results made the link too long: here is the config-only one, and how long the full one was. */
  | { url: string; withResults: false; chars: number; resultsTooLong: number };

/**
 * A link to `page` (origin + path of the page it was made on). With results, when they
 * do not fit in MAX_LINK_CHARS, the config-only link comes back with the length it would have had.
 */
export function makeShareLink(page: string, shared: SharedExperiment): ShareLink {
  const url = page + fragmentFor(encodeLink(shared));
  if (url.length <= MAX_LINK_CHARS || !shared.results) return { url, withResults: shared.results !== null, chars: url.length };
  const configOnly = page + fragmentFor(encodeLink({ ...shared, results: null }));
  return { url: configOnly, withResults: false, chars: configOnly.length, resultsTooLong: url.length };
}
