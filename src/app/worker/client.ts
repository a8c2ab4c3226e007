/** Starts the training workers and wires them to the store: commands out, events in. */
import { useAppStore } from '../store/app-store';
import { isActive } from '../store/run-state';
import { searchedFirst, type BackendSearch } from './backend-search';
import { takeFirstWorker } from './first-worker';
import type { WorkerBackendInfo } from './protocol';
import { WorkerSlot, type InitCommand } from './worker-slot';

/**
 * Performance marks, in ms since the page was asked for: when it was first ready to start, and
 * when the backend search ended, its backend found or none (`npm run bench:ready` reads them).
 */
export const READY_MARK = 'agon-backend-ready';
export const SETTLED_MARK = 'agon-backend-settled';

function markOnce(name: string): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

/** The slot the store talks to: its commands go there and its events come back. */
function attach(slot: WorkerSlot): void {
  slot.listen((event) => {
    if (event.type === 'backend') {
      markOnce(READY_MARK);
      // With no search, the first backend is also the last word.
      if (useAppStore.getState().backendSearch.state === 'none') markOnce(SETTLED_MARK);
    }
    useAppStore.getState().receive(event);
  });
  useAppStore.getState().attach(slot.send);
}

function setSearch(search: BackendSearch): void {
  if (search.state === 'found' || search.state === 'failed') markOnce(SETTLED_MARK);
  useAppStore.getState().setBackendSearch(search);
}

/** Calls `fn` once no run holds the worker: now, or when the run ends. */
function whenNoRun(fn: () => void): void {
  if (!isActive(useAppStore.getState().run.status)) return fn();
  const unsubscribe = useAppStore.subscribe((s) => {
    if (isActive(s.run.status)) return;
    unsubscribe();
    fn();
  });
}

/** The searching worker found its backend: it replaces the quick one as soon as no run holds that. */
function takeOver(quick: WorkerSlot, found: WorkerSlot, info: WorkerBackendInfo): void {
  setSearch({ state: 'found', info });
  whenNoRun(() => {
    quick.terminate();
    attach(found);
    setSearch({ state: 'adopted' });
    useAppStore.getState().receive({ type: 'backend', info });
  });
}

/** The search in a second worker; what it finds replaces the quick worker (backend-search.ts). */
function searchInBackground(quick: WorkerSlot, request: InitCommand): void {
  const searching = new WorkerSlot(request);
  searching.listen((event) => {
    if (event.type === 'backend') takeOver(quick, searching, event.info);
    else if (event.type === 'backend-error') {
      searching.terminate();
      setSearch({ state: 'failed', message: event.message });
    }
  });
}

/** Starts at once on the quick worker, then searches. */
function startAndSearch(quick: WorkerSlot, searchRequest: InitCommand): void {
  setSearch({ state: 'searching', order: searchedFirst(searchRequest.order) });
  useAppStore.getState().attach(quick.send);
  quick.listen((event) => {
    if (event.type === 'backend') markOnce(READY_MARK);
    useAppStore.getState().receive(event);
    // Only once the quick worker has answered: on 2 cores, both workers loading at once delayed the quick start.
    if (event.type !== 'backend' && event.type !== 'backend-error') return;
    attach(quick);
    searchInBackground(quick, searchRequest);
  });
}

/** The page's workers for its address: a quick start and a search, or the one worker the URL's `?backends=` asks for. */
export function startWorkers(search: string): void {
  const { request, first, searches } = takeFirstWorker(search);
  if (searches) startAndSearch(first, request);
  else attach(first);
}
