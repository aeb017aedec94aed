/** The microbe search calls (shared/contract/search-endpoints). The CSV and PDF come back as blobs. */
import { path } from '../../../shared/contract/endpoints';
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/common-master-endpoints';
import {
  SEARCH_ENDPOINTS as E, type FilterRow, type SampleLookup, type SavedSearch, type SavedSearchItem, type SearchAnswer, type SearchParameterSet,
} from '../../../shared/contract/search-endpoints';
import { loadHttp } from '../../lib/api';

async function post<T>(url: string, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(url, body);
}

export interface SearchRequest { userID: number | null; parameterList: string[]; inputList: FilterRow[]; pageno: number; pageSize: number }

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

async function blob(url: string, body: unknown, onProgress?: (bytes: number) => void) {
  const { http } = await loadHttp();
  try {
    const res = await http.post<Blob>(url, body, { responseType: 'blob', timeout: 0, onDownloadProgress: (e) => onProgress?.(e.loaded) });
    return { blob: res.data, rows: Number(res.headers['x-total-count'] ?? 0) };
  } catch (error) {
    return withReadableError(error);
  }
}

export const searchApi = {
  parameterSets: () => post<SearchParameterSet[]>(path(E.getSearchParameterSets), {}),
  savedSearches: (userID: number | null) => post<SavedSearchItem[]>(path(E.getSearchAllForMicrobeHome), { userID }),
  savedSearch: (id: number) => post<SavedSearch>(path(E.getParamiterForSearchMicrobe), { id }),
  save: (body: { userID: number | null; name: string; inputList: FilterRow[] }) => post<{ status: string; message: string; id: number }>(path(E.saveSearchMicrobe), body),
  search: (body: SearchRequest) => post<SearchAnswer>(path(E.searchData), body),
  record: (samplenov: string) => post<SampleLookup>(path(E.postSearchmicBySamplenov), { samplenov }),
  masterData: (value: string, message: string) =>
    post<Array<{ id: number; shortname: string; value?: string }>>(path(COMMON_MASTER_ENDPOINTS.getMasterData), { value, message, shortname: value }),
  exportCsv: (body: { inputList: FilterRow[] }, onProgress: (bytes: number) => void) => blob(path(E.exportSearchData), body, onProgress),
  pdf: (samplenov: string) => blob(path(E.getSearchRecordPdf), { samplenov }),
};

/** Hands a downloaded file to the browser (an object URL and a temporary link). */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
