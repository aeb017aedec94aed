/**
 * Shows a downloaded file (the record PDF) in a new tab. The tab is opened on the click, while it still counts
 * as a user gesture for pop-up blockers, and filled when the file arrives; windows are not state, so they wait
 * here by the request key, outside the store.
 */
const waiting = new Map<string, Window | null>();

/** Opens the empty tab for the file the call under `key` will bring. */
export function openTabFor(key: string): void {
  waiting.set(key, window.open('', '_blank'));
}

/** Fills the tab opened for `key` with the file (a fresh tab when the browser gave none). */
export function showFile(key: string, blob: Blob): void {
  const win = waiting.get(key);
  waiting.delete(key);
  const url = URL.createObjectURL(blob);
  if (win) win.location.href = url;
  else window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file did not come: the empty tab is closed. */
export function closeTabFor(key: string): void {
  waiting.get(key)?.close();
  waiting.delete(key);
}
