/**
 * The total of a searched list page (getSearchForsampleinward, getSearchForactitransaction,
 * getSearchForLevel2actitransaction) when the caller names countUpTo, as searchData does (search-endpoints.ts
 * SEARCH_TOTAL_CAP): said once here for the three summaries.
 */
export const CAPPED_LIST_TOTAL =
  'Without countUpTo (a legacy client) every row\'s totalItems is the exact number of matches. With countUpTo (a whole number from 1 to 10,000, else 400; ' +
  'the screens send SEARCH_TOTAL_CAP) a page within the first countUpTo matches has them counted only up to countUpTo + 1 when no exact total is known: ' +
  'above countUpTo every row carries totalItems countUpTo + 1 and totalIsLowerBound true (shown as "200+" until the same page asked without countUpTo ' +
  'answers the exact number), else totalIsLowerBound false. Later pages, and a page on which the matches end, carry the exact total.';
