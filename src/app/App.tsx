import { Charts } from './components/Charts';
import { ConfigPanel } from './components/ConfigPanel';
import { ExportBar } from './components/ExportBar';
import { ProgressBar } from './components/ProgressBar';
import { ResultsTable } from './components/ResultsTable';
import { RoundView } from './components/RoundView';
import { RunControls } from './components/RunControls';
import { SavedRuns } from './components/SavedRuns';
import { StatusBar } from './components/StatusBar';

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
          <section className="panel run" aria-label="run">
            <RunControls />
            <ProgressBar />
            <ExportBar />
          </section>
          <RoundView />
          <Charts />
          <ResultsTable />
          <SavedRuns />
        </div>
      </main>
    </div>
  );
}
