/**
 * Keeps the address bar and the config form in step, like TensorFlow Playground: the URL
 * follows the config as it is edited (one history entry per discrete edit, one per typing
 * burst in a field, updated in place as the typing settles), the back button steps back
 * through edits, and a link opened or pasted loads its config (and results) without
 * running anything. The only browser-facing part of src/app/share.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import { useAppStore } from '../store/app-store';
import { formFromConfig } from '../store/config-form';
import { openingForm } from '../store/opening-form';
import { formEdit } from './edit-kind';
import { encodeLink } from './link';
import { receivedRun } from './received-run';
import { decodeFoundLink, fragmentFor, linkInAddress, searchWithoutLink } from './share-url';
import { useShareStore } from './share-store';

/** Typing updates its history entry once the keystrokes pause this long. */
const TYPING_SETTLE_MS = 400;

/** Marks history entries this page wrote, so going back to one restores it quietly (no banner). */
const EDIT_STATE = { agonEdit: true } as const;

function isActive(): boolean {
  const status = useAppStore.getState().run.status;
  return status === 'loading' || status === 'running' || status === 'paused';
}

/** The base pair this page last ran on, when it is one of the config's task family. */
function knownBasePair(config: ExperimentConfig): string | null {
  const id = useAppStore.getState().run.basePair?.id;
  return id && id.startsWith(`${config.task}:`) ? id : null;
}

/**
 * This page's address with `config` in the fragment. The query is kept (`?backends=` is a page
 * setting, not part of the experiment), less any link that arrived there: the fragment now holds the link.
 */
function addressFor(config: ExperimentConfig): string {
  const payload = encodeLink({ config, appVersion: __APP_VERSION__, basePair: knownBasePair(config), results: [] });
  return location.pathname + searchWithoutLink(location.search) + fragmentFor(payload);
}

/** Loads what the address holds: a link's config and results, or, without a link, the defaults. */
function applyAddress(quiet: boolean): void {
  const found = linkInAddress(location.hash, location.search);
  if (found === null) {
    useAppStore.setState({ form: openingForm() });
    return;
  }
  const decoded = decodeFoundLink(found, openingForm().config as ExperimentConfig);
  if (!quiet || !decoded.ok) useShareStore.getState().open(decoded);
  if (!decoded.ok) {
    useAppStore.setState({ form: openingForm() });
    return;
  }
  const { config, results } = decoded.link;
  // Received results replace what is on screen, but never a run that is going on.
  const showResults = results.length > 0 && !quiet && !isActive();
  // shown: null, as the results are neither a run of this page nor a saved one (nothing records them).
  useAppStore.setState({ form: formFromConfig(config), ...(showResults ? { run: receivedRun(config, results), selectedRound: null, shown: null } : {}) });
}

export function startUrlSync(): () => void {
  /** True while the form is being set from the URL, so that change is not written back. */
  let applying = false;
  let typing: { path: string; written: boolean; timer: ReturnType<typeof setTimeout> | null } | null = null;

  const write = (mode: 'push' | 'replace', config: ExperimentConfig | null): boolean => {
    // A half-typed or invalid config stays out of the address bar.
    if (!config) return false;
    const address = addressFor(config);
    if (location.href.endsWith(address)) return false;
    if (mode === 'push') history.pushState(EDIT_STATE, '', address);
    else history.replaceState(EDIT_STATE, '', address);
    return true;
  };

  /** Writes a typing burst's config: its first write adds the history entry, later ones update it. */
  const settleTyping = (config: ExperimentConfig | null) => {
    if (!typing) return;
    if (typing.timer !== null) clearTimeout(typing.timer);
    typing.timer = null;
    if (write(typing.written ? 'replace' : 'push', config)) typing.written = true;
  };

  const unsubscribe = useAppStore.subscribe((state, prev) => {
    if (applying || state.form === prev.form) return;
    const edit = formEdit(prev.form, state.form);
    const sameBurst = edit.kind === 'typing' && typing?.path === edit.path;
    if (!sameBurst) {
      // Another edit ends a burst; one still settling is written as it was before this edit.
      if (typing?.timer) settleTyping(prev.form.config);
      typing = null;
    }
    if (edit.kind === 'discrete') {
      write('push', state.form.config);
      return;
    }
    typing ??= { path: edit.path, written: false, timer: null };
    if (typing.timer !== null) clearTimeout(typing.timer);
    typing.timer = setTimeout(() => settleTyping(useAppStore.getState().form.config), TYPING_SETTLE_MS);
  });

  const onPopState = (event: PopStateEvent) => {
    if (typing?.timer) clearTimeout(typing.timer);
    typing = null;
    applying = true;
    try {
      // Our own entries restore quietly; anything else (a pasted link) is opened like a link.
      applyAddress((event.state as typeof EDIT_STATE | null)?.agonEdit === true);
    } finally {
      applying = false;
    }
  };

  applying = true;
  try {
    if (linkInAddress(location.hash, location.search) !== null) applyAddress(false);
  } finally {
    applying = false;
  }
  window.addEventListener('popstate', onPopState);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPopState);
    if (typing?.timer) clearTimeout(typing.timer);
  };
}
