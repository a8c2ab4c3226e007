/**
 * What the page says about the link it was opened with: loaded (offering to run it),
 * partly reset, or refused. Every string here is React text: nothing from a link is HTML.
 */
import { useAppStore } from '../store/app-store';
import { useShareStore } from '../share/share-store';

/** Differences between where the link was made and this page that can make a rerun differ. */
function useProvenanceNotes(): string[] {
  const opened = useShareStore((s) => s.opened);
  const ranOn = useAppStore((s) => s.run.basePair?.id ?? null);
  if (!opened?.ok) return [];
  const { appVersion, basePair } = opened.link;
  const notes: string[] = [];
  if (appVersion !== __APP_VERSION__) {
    const made = appVersion === 'unknown' ? 'It does not say which app version made it' : `It was made with app version ${appVersion}`;
    notes.push(`${made}; this page is ${__APP_VERSION__}, so a rerun may differ.`);
  }
  if (basePair && ranOn && ranOn !== basePair && ranOn.startsWith(basePair.split(':')[0] ?? '')) notes.push(`Its run used base pair ${basePair}; this page ran on ${ranOn}, so the curves will differ.`);
  return notes;
}

export function LinkBanner() {
  const opened = useShareStore((s) => s.opened);
  const dismiss = useShareStore((s) => s.dismiss);
  const notes = useProvenanceNotes();
  if (!opened) return null;
  const tone = !opened.ok ? 'error' : opened.reset.length > 0 || opened.resultsDropped ? 'warning' : 'info';
  return (
    <div className={`link-banner link-banner-${tone}`} role={opened.ok ? 'status' : 'alert'} data-testid="link-notice" data-problem={opened.ok ? 'none' : opened.problem}>
      <p>{opened.message}</p>
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
      {opened.ok && opened.link.basePair && <p className="muted">Base pair of the link: {opened.link.basePair}</p>}
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
