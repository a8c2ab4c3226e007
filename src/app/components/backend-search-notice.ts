/** The header's sentence about the background search for a faster backend (worker/backend-search.ts), while it matters. */
import type { BackendName } from '../../core/backend/types';
import type { BackendSearch } from '../worker/backend-search';

const LABELS: Record<BackendName, string> = { webgpu: 'WebGPU', webgl: 'WebGL', wasm: 'wasm', cpu: 'cpu' };

const list = (names: readonly BackendName[]) => names.map((n) => LABELS[n]).join(' and ');

/** What to say while the quick start trains (`current`), or null once the search is over and the regular notice speaks. */
export function searchNotice(search: BackendSearch, current: BackendName): string | null {
  switch (search.state) {
    case 'searching': {
      const what = search.order.length > 0 ? `trying ${list(search.order)}` : 'starting wasm with threads';
      return `Ready at once on ${LABELS[current]} (one thread); ${what} in the background. What it finds takes over before the next run.`;
    }
    case 'found': {
      const why = search.info.probe ? ` (${search.info.probe})` : '';
      return `Found ${LABELS[search.info.name]}${why}: it takes over when this run ends. This run stays on ${LABELS[current]}.`;
    }
    case 'failed':
      return `The background search found no other backend (${search.message}); staying on ${LABELS[current]}.`;
    default:
      return null;
  }
}
