import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: ReactNode;
}

/** Catches render errors below it and shows the crash screen instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback ?? <CrashScreen />;
    return this.props.children;
  }
}
