/** The microbe search calls (shared/contract/search-endpoints). The CSV and PDF come back as blobs. */
import { path } from '../../../shared/contract/endpoints';
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/common-master-endpoints';
import {
  SEARCH_ENDPOINTS as E, type FilterRow, type SampleLookup, type SavedSearch, type SavedSearchItem, type SearchAnswer, type SearchParameterSet,
} from '../../../shared/contract/search-endpoints';
import { postJson } from '../../lib/api';
import { downloadBlob, saveFile } from '../../lib/download';
import { searchDataBody, type SearchRequest } from './search-bodies';

const post = postJson;

export type { SearchRequest };

export const searchApi = {
  parameterSets: () => post<SearchParameterSet[]>(path(E.getSearchParameterSets), {}),
  savedSearches: (userID: number | null) => post<SavedSearchItem[]>(path(E.getSearchAllForMicrobeHome), { userID }),
  savedSearch: (id: number) => post<SavedSearch>(path(E.getParamiterForSearchMicrobe), { id }),
  save: (body: { userID: number | null; name: string; inputList: FilterRow[] }) => post<{ status: string; message: string; id: number }>(path(E.saveSearchMicrobe), body),
  search: (body: SearchRequest) => post<SearchAnswer>(path(E.searchData), searchDataBody(body)),
  count: (inputList: FilterRow[]) => post<{ totalItems: number }>(path(E.countSearchData), { inputList }),
  record: (samplenov: string) => post<SampleLookup>(path(E.postSearchmicBySamplenov), { samplenov }),
  masterData: (value: string, message: string) =>
    post<Array<{ id: number; shortname: string; value?: string }>>(path(COMMON_MASTER_ENDPOINTS.getMasterData), { value, message, shortname: value }),
  exportCsv: (body: { inputList: FilterRow[] }, onProgress: (bytes: number) => void) => downloadBlob(path(E.exportSearchData), body, 'data.csv', onProgress),
  pdf: (samplenov: string) => downloadBlob(path(E.getSearchRecordPdf), { samplenov }, 'record.pdf'),
};

export { saveFile };
