/**
 * File downloads from POST calls (the CSV exports, the record PDF): the blob with progress, the file name of
 * its Content-Disposition, the server's row count (X-Total-Count), and handing the file to the browser.
 */
import { loadHttp } from './api';
import { reactToFailure } from './http-failures';

export interface Download {
  blob: Blob;
  /** The file name the server gave (Content-Disposition), else `fallback`. */
  filename: string;
  /** Rows in the file (X-Total-Count), 0 when not given. */
  rows: number;
}

/** The file name of a Content-Disposition header. */
export function filenameOf(disposition: unknown, fallback: string): string {
  const m = typeof disposition === 'string' ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m ? m[1] : fallback;
}

/** A failed blob download carries its JSON error as a Blob: read the server's sentence out of it. */
async function readableError(error: unknown): Promise<unknown> {
  const res = (error as { response?: { data?: unknown } } | null)?.response;
  if (res && typeof Blob !== 'undefined' && res.data instanceof Blob) {
    try {
      res.data = JSON.parse(await res.data.text());
    } catch {
      res.data = undefined;
    }
  }
  return error;
}

export async function downloadBlob(url: string, body: unknown, fallbackName: string, onProgress?: (bytes: number) => void): Promise<Download> {
  try {
    const { http } = await loadHttp();
    const res = await http.post<Blob>(url, body, { responseType: 'blob', timeout: 0, onDownloadProgress: (e) => onProgress?.(e.loaded) });
    return { blob: res.data, filename: filenameOf(res.headers['content-disposition'], fallbackName), rows: Number(res.headers['x-total-count'] ?? 0) };
  } catch (error) {
    const readable = await readableError(error);
    reactToFailure(readable, url);
    throw readable;
  }
}

export { saveFile } from './save-file';
