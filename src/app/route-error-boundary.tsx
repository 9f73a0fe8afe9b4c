import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they have thrown. */
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

/** Catches an error thrown while rendering a route; a new key (a new address) starts afresh. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
