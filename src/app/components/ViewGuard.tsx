/**
 * Keeps one view's failure inside that view. Results come from links, files and saved runs
 * that are validated on the way in; should a number still slip past and make a view throw,
 * the view says so in place and the rest of the page (the config, the other runs) stays usable.
 */
import { Component, type ReactNode } from 'react';
import { useAppStore } from '../store/app-store';

interface Props {
  /** What the view shows, for the message ("the charts"). */
  view: string;
  /** The data the view draws: when it changes, the view tries again. */
  watch: unknown;
  children: ReactNode;
}

interface State {
  error: string | null;
  watched: unknown;
}

export class ViewGuard extends Component<Props, State> {
  state: State = { error: null, watched: this.props.watch };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.watch === state.watched ? null : { error: null, watched: props.watch };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <p className="notice notice-error" role="alert" data-testid="view-error">
        {`These results cannot be drawn in ${this.props.view}: ${this.state.error}. The rest of the page still works.`}
      </p>
    );
  }
}

/** A guard around a view of the current run: it tries again whenever the run changes. */
export function RunViewGuard({ view, children }: { view: string; children: ReactNode }) {
  const run = useAppStore((s) => s.run);
  return (
    <ViewGuard view={view} watch={run}>
      {children}
    </ViewGuard>
  );
}
