import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they have thrown. */
  fallback(error: unknown): ReactNode;
  /** When this changes (a new address), the boundary tries its children again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  /** The reset key the error happened under. */
  failedAt: string | undefined;
}

/**
 * Catches an error thrown while rendering a route. It stays mounted from page to page (so that
 * a navigation keeps showing the old page until the new one is ready) and forgets an error once
 * the visitor has moved on.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failed) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { failed: false, error: null };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
