/**
 * The Share action: a link to this page holding the config (and, when asked and when they
 * fit, the results of the run on screen), copied to the clipboard and shown for copying by hand.
 */
import { useState } from 'react';
import type { ExperimentConfig } from '../../core/experiment/config';
import type { ExperimentResult } from '../../core/experiment/result';
import { seedResultsWith } from '../export/run-result';
import { MAX_LINK_CHARS } from '../share/limits';
import { makeShareLink, type ShareLink } from '../share/share-url';
import { useShareStore } from '../share/share-store';
import { useAppStore } from '../store/app-store';

type Copied = 'pending' | 'copied' | 'failed';

/** What a link made now would hold: the finished run's config and results, or the form's config alone. */
function useShareSource(withResults: boolean): { config: ExperimentConfig | null; results: ExperimentResult[]; basePair: string | null; appVersion: string } {
  const form = useAppStore((s) => s.form.config);
  const run = useAppStore((s) => s.run);
  const received = useShareStore((s) => s.received);
  const fromLink = received !== null && received.result === run.result;
  if (withResults && run.result && run.config) {
    return { config: run.config, results: seedResultsWith(run, run.result), basePair: fromLink ? received.basePair : (run.basePair?.id ?? null), appVersion: fromLink ? received.appVersion : __APP_VERSION__ };
  }
  const ranOn = run.basePair?.id ?? null;
  return { config: form, results: [], basePair: form && ranOn?.startsWith(`${form.task}:`) ? ranOn : null, appVersion: __APP_VERSION__ };
}

function copyStatus(link: ShareLink, copied: Copied): string {
  const what = link.withResults ? 'config and results' : 'config';
  const size = `${link.chars.toLocaleString('en-US')} characters`;
  if (copied === 'pending') return `Link to the ${what} (${size}).`;
  return copied === 'copied' ? `Copied a link to the ${what} (${size}).` : `Could not copy to the clipboard: copy the link below by hand (${what}, ${size}).`;
}

export function ShareBar() {
  const hasResults = useAppStore((s) => s.run.result !== null && s.run.config !== null);
  const [withResults, setWithResults] = useState(true);
  const source = useShareSource(withResults && hasResults);
  const [shared, setShared] = useState<{ link: ShareLink; copied: Copied } | null>(null);

  const share = async () => {
    if (!source.config) return;
    const link = makeShareLink(location.origin + location.pathname, { ...source, config: source.config });
    setShared({ link, copied: 'pending' });
    try {
      await navigator.clipboard.writeText(link.url);
      setShared({ link, copied: 'copied' });
    } catch {
      setShared({ link, copied: 'failed' });
    }
  };

  return (
    <div className="share-bar" data-testid="share-bar">
      <button type="button" onClick={() => void share()} disabled={!source.config}>
        Share
      </button>
      {hasResults && (
        <label className="checkbox">
          <input type="checkbox" checked={withResults} onChange={(e) => setWithResults(e.target.checked)} /> include the results
        </label>
      )}
      {!source.config && <span className="blocked">Fix the fields marked in red to share the config.</span>}
      {shared && (
        <div className="share-result">
          <p role="status" data-testid="share-status">
            {copyStatus(shared.link, shared.copied)}
          </p>
          {'outcomesTooLong' in shared.link && (
            <p className="notice" data-testid="share-no-outcomes">
              With each problem's outcome the link would be {shared.link.outcomesTooLong.toLocaleString('en-US')} characters, so it holds the results without them: it
              shows no paired differences. The run file keeps them.
            </p>
          )}
          {'resultsTooLong' in shared.link && (
            <p className="notice" role="alert" data-testid="share-too-long">
              With the results the link would be {shared.link.resultsTooLong.toLocaleString('en-US')} characters, over the {MAX_LINK_CHARS.toLocaleString('en-US')} a link can safely
              have, so this link holds the config only. To send the results, download the run file instead.
            </p>
          )}
          <input className="share-link" type="text" readOnly value={shared.link.url} aria-label="share link" data-testid="share-link" onFocus={(e) => e.target.select()} />
        </div>
      )}
    </div>
  );
}
