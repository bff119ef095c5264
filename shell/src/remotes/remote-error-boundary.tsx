import { Component, type ReactNode } from 'react';
import { LoadFailure } from '../layout/load-failure';

interface Props {
  subject: string;
  onRetry(): void;
  /** A new key (e.g. the path) clears the error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/** Catches a remote that throws while rendering, so one broken part never blanks the page. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.subject} failed while rendering`, error);
  }

  private readonly retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? (
      <LoadFailure subject={this.props.subject} onRetry={this.retry} />
    ) : (
      this.props.children
    );
  }
}
