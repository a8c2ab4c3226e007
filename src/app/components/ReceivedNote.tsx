/** Labels results that arrived with a link, until a run here replaces them. */
import { useAppStore } from '../store/app-store';
import { useShareStore } from '../share/share-store';

export function ReceivedNote() {
  const received = useShareStore((s) => s.received);
  const shownResult = useAppStore((s) => s.run.result);
  if (!received || received.result !== shownResult) return null;
  const { environment } = received.result;
  return (
    <p className="notice received-note" role="status" data-testid="received-results">
      Results received with the link, not run here (made on {environment.backend}
      {environment.adapter ? ` (${environment.adapter})` : ''}, app {environment.appVersion}). Press Start to rerun the experiment on this page.
    </p>
  );
}
