/**
 * The page's entry: it starts the first training worker, then loads the app. The worker's script
 * is the larger of the two, so it starts loading first and both load side by side
 * (worker/first-worker.ts).
 */
import { startFirstWorker } from './worker/first-worker';

startFirstWorker(window.location.search);
import('./app-start').catch((e: unknown) => {
  const root = document.getElementById('root');
  if (root) root.textContent = `The app failed to load: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
});
