/**
 * What the page says about the link it was opened with (or navigated to): the decoder's
 * verdict, and which results on screen came from that link. Kept apart from the app
 * store: it is about the address bar, not the experiment.
 */
import { create } from 'zustand';
import type { ExperimentResult } from '../../core/experiment/result';
import type { DecodedLink } from './link';

export interface ShareState {
  /** The last link opened, with the decoder's message; null when none or dismissed. */
  opened: DecodedLink | null;
  /** Results that arrived with a link (the last seed's, and where they were made); the page labels them "received" while they are the ones shown. */
  received: { result: ExperimentResult; basePair: string | null; appVersion: string } | null;
  open(decoded: DecodedLink): void;
  dismiss(): void;
}

export const useShareStore = create<ShareState>()((set) => ({
  opened: null,
  received: null,
  open: (decoded) => {
    const link = decoded.ok ? decoded.link : null;
    const result = link?.results.at(-1);
    set(link && result ? { opened: decoded, received: { result, basePair: link.basePair, appVersion: link.appVersion } } : { opened: decoded });
  },
  dismiss: () => set({ opened: null }),
}));
