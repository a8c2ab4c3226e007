/** What the page tells a user about a link it opened: plain sentences, shown as React text. */
import { seedsOf } from '../../core/experiment/seeds';
import type { SharedExperiment } from './link';
import type { RepairedConfig } from './config-repair';
import { LINK_PARAM, MAX_INFLATED_BYTES, MAX_PAYLOAD_CHARS, LINK_VERSION } from './limits';

export type LinkProblem = 'empty' | 'too-long' | 'malformed' | 'truncated' | 'corrupted' | 'too-large' | 'newer-version' | 'unknown-version' | 'not-an-experiment';

const DEFAULTS_LOADED = 'The default experiment is loaded instead; nothing was run.';

/** 16384 -> "16,384": the messages are English, so English digit grouping. */
const count = (n: number) => n.toLocaleString('en-US');

/** Why a link was refused; `detail` is the payload length (too-long) or the link format (the versions). */
export function linkProblemMessage(problem: LinkProblem, detail?: number): string {
  const reason = {
    empty: 'This link is empty: nothing follows "agon=", so it holds no experiment. It was probably cut off when it was copied; ask for the whole link.',
    'too-long': `This link is too long (${detail === undefined ? 'over' : count(detail)} characters; links hold at most ${count(MAX_PAYLOAD_CHARS)}), so it was not opened.`,
    malformed: 'This link is not an experiment link: it contains characters a link of this app never has.',
    truncated: 'This link is incomplete: it was probably cut off when it was copied. Ask for the whole link.',
    corrupted: 'This link is damaged: its contents do not match its checksum. Ask for the link again.',
    'too-large': `This link would unpack to more than ${count(MAX_INFLATED_BYTES / 1024)} KB, far more than any experiment needs, so it was not opened.`,
    'newer-version': `This link was made by a newer version of Agon Playground (link format ${detail ?? '?'}; this page reads format ${LINK_VERSION}). Open it with the newer version.`,
    'unknown-version': `This link has a format this page does not know (${detail ?? '?'}; this page reads format ${LINK_VERSION}).`,
    'not-an-experiment': 'This link does not hold an experiment config.',
  }[problem];
  return `${reason} ${DEFAULTS_LOADED}`;
}

/** At most this many field names, each cut to NAME_CHARS: a crafted link could name thousands, or very long ones. */
const MAX_NAMES = 10;
const NAME_CHARS = 60;

function list(paths: string[]): string {
  const names = paths.slice(0, MAX_NAMES).map((p) => (p.length > NAME_CHARS ? `${p.slice(0, NAME_CHARS)}…` : p));
  return paths.length > MAX_NAMES ? `${names.join(', ')} and ${count(paths.length - MAX_NAMES)} more` : names.join(', ');
}

/** `whyDropped`: which fields of the results were refused and why, when they were. */
/** A reason as the banner shows it: a crafted link could make it very long. */
const REASON_CHARS = 400;
const clipped = (text: string, chars = REASON_CHARS) => (text.length > chars ? `${text.slice(0, chars)}…` : text);

/** The parts of the config's own left out, each with why, at most MAX_NAMES of them. */
function leftOutText(leftOut: RepairedConfig['leftOut']): string {
  const shown = leftOut.slice(0, MAX_NAMES).map((l) => `${l.what} (${clipped(l.why, NAME_CHARS * 3)})`);
  return leftOut.length > MAX_NAMES ? `${shown.join('; ')}; and ${count(leftOut.length - MAX_NAMES)} more` : shown.join('; ');
}

export function openedMessage(link: SharedExperiment, repaired: Pick<RepairedConfig, 'reset' | 'ignored' | 'leftOut'>, resultsDropped: boolean, whyDropped?: string): string {
  const { reset, ignored, leftOut } = repaired;
  if (reset.includes('*')) return `This link's config could not be used, so the default experiment is loaded; nothing was run.`;
  const parts = [link.results.length > 0 ? 'Opened a shared experiment with its results (received, not run here).' : 'Opened a shared experiment.'];
  const seeds = seedsOf(link.config);
  if (seeds.length > 1) parts.push(`It runs ${seeds.length} seeds in turn (${seeds.join(', ')}).`);
  const resetFields = reset.filter((path) => !leftOut.some((l) => l.path === path));
  if (resetFields.length > 0) parts.push(`These values were invalid and were reset to their defaults: ${list(resetFields)}.`);
  if (leftOut.length > 0) parts.push(`These parts of its own arms and sweep were invalid and were left out: ${leftOutText(leftOut)}.`);
  if (reset.length > 0) parts.push('The rest of the link was loaded.');
  if (ignored.length > 0) parts.push(`These fields are unknown to this version and were ignored: ${list(ignored)}.`);
  if (resultsDropped) parts.push(reset.length > 0 ? 'Its results were not shown, as they belong to the config before the reset.' : `Its results were refused and are not shown (${clipped(whyDropped ?? 'damaged')}); the config was kept.`);
  parts.push('Nothing runs until you press Start.');
  return parts.join(' ');
}

/** How a link's marker differed from "#agon=" (`altered` is what the address had), and whether it was read all the same. */
export function alteredNote(altered: string, opened: boolean): string {
  const expected = `"#${LINK_PARAM}="`;
  const how = altered.startsWith('?')
    ? `The link was in the address's query ("${altered}") rather than after the "#" (${expected})`
    : `The link began with "${altered}" rather than ${expected}`;
  return opened ? `${how}; it was read all the same.` : `${how}: it may have been changed on the way.`;
}
