/** Bodies of the search calls that the screens and the search saga both send (no calls here). */
import { SEARCH_TOTAL_CAP, type FilterRow } from '../../../shared/contract/search-endpoints';

export interface SearchRequest { userID: number | null; parameterList: string[]; inputList: FilterRow[]; pageno: number; pageSize: number }

/** The screens' searchData: a page and its total counted up to SEARCH_TOTAL_CAP (then countSearchData). */
export const searchDataBody = (body: SearchRequest) => ({ ...body, countUpTo: SEARCH_TOTAL_CAP });
