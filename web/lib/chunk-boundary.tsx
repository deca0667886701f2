import { Component, type ReactNode } from 'react';

/**
 * A chunk that could not be fetched: no signal on a first visit before the service worker had
 * precached it, or a release that replaced its file while the page was open.
 */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // Chromium, Firefox and Safari's words for a failed import(); Vite's for a failed preload.
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

interface Props {
  /** What it guards (a render function, so that a retry renders a fresh lazy component). */
  children: () => ReactNode;
  /** What stands in its place while its chunk cannot come. */
  fallback: (retry: () => void) => ReactNode;
  /** Makes a fresh lazy component; when given, the part is tried again once the browser is back online. */
  onRetry?: () => void;
}

/**
 * Keeps a lazily loaded part's or screen's failed chunk to itself: without it React unmounts the
 * whole app and the reader is left with a blank page. Any other error goes on up, as before.
 */
export class ChunkBoundary extends Component<Props, { error: Error | undefined }> {
  state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  /** Times asked again, and the next time already set. */
  private tries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private readonly retry = () => {
    window.removeEventListener('online', this.retry);
    clearTimeout(this.timer);
    this.timer = undefined;
    this.tries++;
    this.props.onRetry?.();
    this.setState({ error: undefined });
  };

  componentDidMount() {
    this.listen();
  }

  componentDidUpdate() {
    this.listen();
  }

  /**
   * While its chunk cannot come, it waits for the browser to be back online (the same listener
   * each time). Online already (React may meet the failure only when the page next renders, after
   * the 'online' event; or the server was briefly out of reach): asked again after 5, 10 and 20 s.
   */
  private listen() {
    if (this.state.error === undefined || !this.props.onRetry) return;
    window.addEventListener('online', this.retry);
    if (navigator.onLine && this.tries < 3 && this.timer === undefined) this.timer = setTimeout(this.retry, 5_000 * 2 ** this.tries);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    clearTimeout(this.timer);
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children();
    if (!isChunkError(error)) throw error;
    return this.props.fallback(this.retry);
  }
}
