import { Charts } from './components/Charts';
import { ConfigPanel } from './components/ConfigPanel';
import { LinkBanner } from './components/LinkBanner';
import { ExportBar } from './components/ExportBar';
import { PretrainProgress } from './components/PretrainProgress';
import { PooledResultsTable } from './components/PooledResultsTable';
import { ProgressBar } from './components/ProgressBar';
import { ReceivedNote } from './components/ReceivedNote';
import { ResultsTable } from './components/ResultsTable';
import { RoundView } from './components/RoundView';
import { RunControls } from './components/RunControls';
import { ShareBar } from './components/ShareBar';
import { SavedRuns } from './components/SavedRuns';
import { StatusBar } from './components/StatusBar';
import { SweepPlot } from './components/SweepPlot';
import { RunViewGuard } from './components/ViewGuard';

export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <div>
          <h1>Agon Playground</h1>
          <p className="tagline">Train small transformers in this tab and watch them compete.</p>
        </div>
        <StatusBar />
      </header>
      <main className="app-main">
        <ConfigPanel />
        <div className="workspace">
          <LinkBanner />
          <section className="panel run" aria-label="run">
            <RunControls />
            <ProgressBar />
            <PretrainProgress />
            <ExportBar />
            <ShareBar />
          </section>
          <ReceivedNote />
          {/* Side by side on a wide screen, so a lecture shows a round and its effect together. */}
          <div className="live">
            <RoundView />
            <RunViewGuard view="the charts">
              <Charts />
            </RunViewGuard>
          </div>
          <RunViewGuard view="the sweep plot">
            <SweepPlot />
          </RunViewGuard>
          <RunViewGuard view="the pooled table">
            <PooledResultsTable />
          </RunViewGuard>
          <RunViewGuard view="the results table">
            <ResultsTable />
          </RunViewGuard>
          <SavedRuns />
        </div>
      </main>
    </div>
  );
}
