/** The app itself, loaded by main.tsx once the first training worker has started. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { browserIsolationEnv, isolateThroughServiceWorker } from './isolation';
import { startUrlSync } from './share/url-sync';
import { startRecorder } from './storage/recorder';
import { useSavedRuns } from './storage/saved-runs-store';
import { startWorkers } from './worker/client';
import './app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Where the host sent no COOP/COEP headers: a service worker adds them, after one reload (wasm threads need them).
void isolateThroughServiceWorker(browserIsolationEnv());
// The worker selects the backend right away, so the status bar shows it before any run.
startWorkers(window.location.search);
// Before the first render, so a shared link's config is on screen from the start.
startUrlSync();
// Every run is saved in this browser as it goes; the list loads alongside.
void useSavedRuns.getState().init();
startRecorder();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
