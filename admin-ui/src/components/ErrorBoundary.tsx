import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  message?: string;
}

interface State {
  failed: boolean;
}

export const CRASH_MESSAGE = 'Something went wrong. Please try again later.';

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('screen crashed', error, info.componentStack);
  }

  render() {
    if (this.state.failed) {
      return (
        <div className="card error-card" role="alert">
          <p>{this.props.message ?? CRASH_MESSAGE}</p>
        </div>
      );
    }
    return this.props.children;
  }
}
