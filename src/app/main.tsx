import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startWorker } from './worker/client';
import './app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The worker selects the backend right away, so the status bar shows it before any run.
startWorker(window.location.search);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
