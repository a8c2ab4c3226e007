/**
 * What kind of edit turned one form into the next, for the browser history: typing in a
 * number field (many keystrokes, one history entry) or a discrete choice (one entry each).
 */
import type { ConfigForm } from '../store/config-form';

export type FormEdit = { kind: 'typing'; path: string } | { kind: 'discrete' };

/** Typing changes the raw text of a number field; every other edit leaves the texts alone or clears them (a preset). */
export function formEdit(prev: ConfigForm, next: ConfigForm): FormEdit {
  const typed = Object.keys(next.texts).find((path) => next.texts[path] !== prev.texts[path]);
  return typed === undefined ? { kind: 'discrete' } : { kind: 'typing', path: typed };
}
