/**
 * No white screens: an error while a screen renders, or its code failing to load (server restarted, network
 * gone: the failed dynamic import of a lazy route), shows a plain message with a Reload button where the
 * screen was; the rest of the page (the shell, the menu) stays. Plain elements, no MUI: it is on the sign-in path.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export const CHUNK_FAILED_TITLE = 'This screen could not be loaded';
export const CHUNK_FAILED_TEXT =
  'The connection to the server was lost or the server was restarted. Check your connection, then press Reload.';
export const SCREEN_FAILED_TITLE = 'Something went wrong on this screen';
export const SCREEN_FAILED_TEXT = 'Press Reload to open it again.';

/** webpack's ChunkLoadError, and the browsers' messages for a dynamic import that failed. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

const box = { maxWidth: 560, margin: '48px auto', padding: 24, border: '1px solid #d6d6d6', borderRadius: 8, background: '#fff', fontFamily: 'inherit' };
const button = { marginTop: 16, padding: '8px 20px', border: 0, borderRadius: 8, background: '#2e7d32', color: '#fff', font: 'inherit', fontWeight: 600, cursor: 'pointer' };

interface State {
  error: unknown;
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div role="alert" style={box}>
        <h2 style={{ margin: 0, fontSize: '1.25rem' }}>{chunk ? CHUNK_FAILED_TITLE : SCREEN_FAILED_TITLE}</h2>
        <p style={{ margin: '8px 0 0' }}>{chunk ? CHUNK_FAILED_TEXT : SCREEN_FAILED_TEXT}</p>
        {/* A lazy screen whose code failed to load stays failed until the page loads again. */}
        <button type="button" style={button} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
