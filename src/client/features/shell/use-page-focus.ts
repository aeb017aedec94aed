/**
 * Keyboard focus after a move to another screen (and after signing in): onto the new page's heading in the
 * main area (made focusable for this), else the main area itself, so that the next Tab reaches the page's
 * first field instead of starting over at the top of the document. The page's code may still be loading:
 * it waits for the heading a short while. Focus a field of the page already holds (autoFocus) is kept.
 */
import { useEffect, type RefObject } from 'react';

const HEADINGS = 'h1, h2, h3, h4';
const WAIT_MS = 3000;

function target(main: HTMLElement): HTMLElement | null {
  const heading = [...main.querySelectorAll<HTMLElement>(HEADINGS)].find((h) => h.getClientRects().length > 0);
  return heading ?? null;
}

export function usePageFocus(main: RefObject<HTMLElement | null>, pathname: string): void {
  useEffect(() => {
    const root = main.current;
    if (!root) return undefined;
    const started = Date.now();
    let frame = 0;
    const place = () => {
      if (root.contains(document.activeElement) && document.activeElement !== root) return;
      // A dialog the page opened keeps the focus it manages.
      if (document.activeElement?.closest('[role="dialog"]')) return;
      const heading = target(root);
      if (!heading && Date.now() - started < WAIT_MS) {
        frame = requestAnimationFrame(place);
        return;
      }
      const el = heading ?? root;
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [main, pathname]);
}
