/** The Activity Log's calls (shared/contract/audit-endpoints). The CSV export downloads a blob with progress. */
import { AUDIT_ENDPOINTS as E } from '../../../shared/contract/audit-endpoints';
import { path } from '../../../shared/contract/endpoints';
import type {
  AuditEntryRow, AuditFilter, AuditFilterOptions, AuditListRequest, RecordHistoryRequest,
} from '../../../shared/contract/audit-endpoints';
import { loadHttp } from '../../lib/api';

async function post<T>(url: string, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(url, body);
}

export interface CsvDownload {
  blob: Blob;
  filename: string;
  /** Entries in the file (the server's X-Total-Count). */
  rows: number;
}

/** The file name of a Content-Disposition header. */
export function filenameOf(disposition: unknown, fallback = 'activity-log.csv'): string {
  const m = typeof disposition === 'string' ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m ? m[1] : fallback;
}

/** A failed blob download carries its JSON error as a Blob: read the server's sentence out of it. */
async function withReadableError(error: unknown): Promise<never> {
  const res = (error as { response?: { data?: unknown } } | null)?.response;
  if (res && typeof Blob !== 'undefined' && res.data instanceof Blob) {
    try {
      res.data = JSON.parse(await res.data.text());
    } catch {
      res.data = undefined;
    }
  }
  throw error;
}

export const auditApi = {
  list: (body: AuditListRequest) => post<AuditEntryRow[]>(path(E.getAuditLog), body),
  filters: () => post<AuditFilterOptions>(path(E.getAuditFilters), {}),
  history: (body: RecordHistoryRequest) => post<AuditEntryRow[]>(path(E.getRecordHistory), body),
  async exportCsv(body: AuditFilter, onProgress: (bytes: number) => void): Promise<CsvDownload> {
    const { http } = await loadHttp();
    try {
      const res = await http.post<Blob>(path(E.exportAuditLog), body, {
        responseType: 'blob',
        timeout: 0,
        onDownloadProgress: (e) => onProgress(e.loaded),
      });
      return { blob: res.data, filename: filenameOf(res.headers['content-disposition']), rows: Number(res.headers['x-total-count'] ?? 0) };
    } catch (error) {
      return withReadableError(error);
    }
  },
};

/** Hands a downloaded file to the browser (an object URL and a temporary link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
