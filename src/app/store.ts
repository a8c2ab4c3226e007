import { create } from 'zustand';
import type { BackendInfo } from '../core/backend';

export type BackendStatus = 'pending' | 'ready' | 'error';

export interface AppState {
  backendStatus: BackendStatus;
  backend: BackendInfo | null;
  backendError: string | null;
  setBackendReady(info: BackendInfo): void;
  setBackendError(message: string): void;
}

/**
 * App-wide state. The store only holds results; whoever selects the backend (today the
 * main thread in backend.ts, later a training Web Worker via postMessage) writes them here.
 */
export const useAppStore = create<AppState>()((set) => ({
  backendStatus: 'pending',
  backend: null,
  backendError: null,
  setBackendReady: (info) => set({ backendStatus: 'ready', backend: info, backendError: null }),
  setBackendError: (message) => set({ backendStatus: 'error', backend: null, backendError: message }),
}));
