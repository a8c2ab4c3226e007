/**
 * The page's one store. Data flows one way: the worker's events are reduced into
 * `run` and `backend`; views read the store; user actions become worker commands
 * (through `send`, attached by the worker client) and never edit results directly.
 * The list of saved runs has its own store (storage/saved-runs-store.ts).
 */
import { create } from 'zustand';
import type { PresetName } from '../../core/experiment/presets';
import type { BackendSearch } from '../worker/backend-search';
import type { WorkerBackendInfo, WorkerCommand, WorkerEvent } from '../worker/protocol';
import { formFromPreset, setField, setNumberText, setSeedsText, type ConfigForm } from './config-form';
import { openingForm } from './opening-form';
import { basePairChoice } from './pretrain-form';
import { applyWorkerEvent, initialRunState, startedRun, type RunState } from './run-state';

export type BackendStatus = 'pending' | 'ready' | 'error';
export type XAxis = 'step' | 'tokens';

/** Where the shown run comes from: run in this page (saved as it goes under `id`), reopened from the saved runs, or imported from a file. */
export interface ShownRun {
  origin: 'live' | 'saved' | 'imported';
  id: string;
}

export interface AppState {
  backendStatus: BackendStatus;
  backend: WorkerBackendInfo | null;
  backendError: string | null;
  /** The background search for a faster backend than the quick start's (worker/backend-search.ts). */
  backendSearch: BackendSearch;
  form: ConfigForm;
  run: RunState;
  /** Index into the round view's rounds (those of roundArm); null follows the latest one. */
  selectedRound: number | null;
  /** The arm whose rounds the round view shows; null: every arm's, following the latest. */
  roundArm: string | null;
  xAxis: XAxis;
  shown: ShownRun | null;
  send: (command: WorkerCommand) => void;

  attach(send: (command: WorkerCommand) => void): void;
  receive(event: WorkerEvent): void;
  setBackendSearch(search: BackendSearch): void;
  choosePreset(preset: PresetName): void;
  setField(path: string, value: unknown): void;
  setNumber(path: string, text: string): void;
  setSeeds(text: string): void;
  /** Any other edit of the form, as a pure function of it (variant-form.ts, sweep-form.ts). */
  editForm(edit: (form: ConfigForm) => ConfigForm): void;
  start(checkpointsUrl: string): void;
  pause(): void;
  resume(): void;
  stepOnce(): void;
  stop(): void;
  selectRound(index: number | null): void;
  selectRoundArm(arm: string | null): void;
  setXAxis(axis: XAxis): void;
  /** Draws a saved or imported run as if it ran here (only while no run is active). */
  showRun(run: RunState, shown: ShownRun): void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  backendStatus: 'pending',
  backend: null,
  backendError: null,
  backendSearch: { state: 'none' },
  form: openingForm(),
  run: initialRunState,
  selectedRound: null,
  roundArm: null,
  xAxis: 'step',
  shown: null,
  send: () => {},

  attach: (send) => set({ send }),
  receive: (event) => {
    if (event.type === 'backend') set({ backendStatus: 'ready', backend: event.info, backendError: null });
    else if (event.type === 'backend-switch') set((s) => ({ backend: event.info, run: applyWorkerEvent(s.run, event) }));
    else if (event.type === 'backend-error') set({ backendStatus: 'error', backend: null, backendError: event.message });
    else set((s) => ({ run: applyWorkerEvent(s.run, event) }));
  },
  setBackendSearch: (backendSearch) => set({ backendSearch }),
  choosePreset: (preset) => set((s) => ({ form: formFromPreset(preset, s.form.draft.task === 'code' ? 'code' : 'math', basePairChoice(s.form.draft)) })),
  setField: (path, value) => set((s) => ({ form: setField(s.form, path, value) })),
  setNumber: (path, text) => set((s) => ({ form: setNumberText(s.form, path, text) })),
  setSeeds: (text) => set((s) => ({ form: setSeedsText(s.form, text) })),
  editForm: (edit) => set((s) => ({ form: edit(s.form) })),
  start: (checkpointsUrl) => {
    const { form, backendStatus, send } = get();
    // The button is disabled in these cases; this guards programmatic calls too.
    if (!form.config || backendStatus !== 'ready') return;
    set({ run: startedRun(form.config, Date.now()), selectedRound: null, roundArm: null, shown: { origin: 'live', id: crypto.randomUUID() } });
    send({ type: 'start', config: form.config, checkpointsUrl, appVersion: __APP_VERSION__ });
  },
  pause: () => get().send({ type: 'pause' }),
  resume: () => get().send({ type: 'resume' }),
  stepOnce: () => get().send({ type: 'step' }),
  stop: () => get().send({ type: 'stop' }),
  selectRound: (index) => set({ selectedRound: index }),
  selectRoundArm: (roundArm) => set({ roundArm, selectedRound: null }),
  setXAxis: (xAxis) => set({ xAxis }),
  showRun: (run, shown) => {
    // The worker's events would keep landing in whatever run is shown: never replace an active one.
    const status = get().run.status;
    if (status === 'loading' || status === 'running' || status === 'paused') return;
    set({ run, shown, selectedRound: null, roundArm: null });
  },
}));
