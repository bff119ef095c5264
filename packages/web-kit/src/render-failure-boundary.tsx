import { Component, type ReactNode } from 'react';

export interface RenderFailureBoundaryProps {
  /** Names what failed in the console ("library/routes", "This page"). */
  label: string;
  /** A new value clears a failure and renders the children again (a navigation, so moving away recovers). */
  resetKey: string;
  /** Called by the fallback's `retry`, after the failure is cleared. */
  onRetry?(): void;
  /** Shown instead of the children once they threw; `retry` renders them again. */
  fallback(retry: () => void, error: unknown): ReactNode;
  children: ReactNode;
}

interface RenderFailureState {
  failed: boolean;
  error?: unknown;
  resetKey: string;
}

/** Catches a part of the page that throws while rendering, so one broken part never blanks the page. */
export class RenderFailureBoundary extends Component<RenderFailureBoundaryProps, RenderFailureState> {
  override state: RenderFailureState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RenderFailureState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: RenderFailureBoundaryProps,
    state: RenderFailureState,
  ): Partial<RenderFailureState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.label} failed while rendering`, error);
  }

  private readonly retry = () => {
    this.setState({ failed: false, error: undefined });
    this.props.onRetry?.();
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
