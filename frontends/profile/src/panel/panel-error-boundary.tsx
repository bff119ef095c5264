import { Component, type ReactNode } from 'react';
import { ErrorState } from '@campus/ui/error-state';

interface Props {
  label: string;
  onRetry(): void;
  children: ReactNode;
}

/** A lent form that throws while rendering shows a friendly error with Retry, never a blank panel. */
export class PanelErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.label} failed while rendering`, error);
  }

  private readonly retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        title={`${this.props.label} stopped working`}
        message="Something went wrong in this form."
        onRetry={this.retry}
        retryLabel="Retry"
      />
    );
  }
}
