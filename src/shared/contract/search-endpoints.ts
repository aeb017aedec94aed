import type { AmendmentInfo } from './amendments';
import type { SignatureInfo } from './signatures';
import type { EndpointSpec } from './endpoints';

/**
 * Microbe search (spec 001 sections 2, 3, 5, 7-9; issue 5). Served by server/modules/search. The spec names
 * the calls but shows neither their payloads beyond the search model nor the server: ours are in the summaries.
 * Every filter value is bound as a query parameter, whatever the call is named (searchDataUsingNativeQuery
 * runs the same safe builder as searchData).
 */
export const SEARCH_ENDPOINTS = {
  getSearchParameterSets: {
    group: 'transaction', name: 'getSearchParameterSets', auth: 'session', permission: 'view',
    summary: "The searchable parameter sets (name not in the spec): SAMPLE INWARD, MICROBE IDENTIFICATION, then every active Level 1 and Level 2 activity with its active parameters: [{key, label, level, parameters: [{key, parameterName, type, commonmastertype, options, sequence}]}].",
  },
  getSearchAllForMicrobeHome: {
    group: 'transaction', name: 'getSearchAllForMicrobeHome', auth: 'session', permission: 'view',
    summary: "The signed-in user's saved searches, for the activity dropdown: [{id, name}] by name. Another user's searches are never listed.",
  },
  getParamiterForSearchMicrobe: {
    group: 'transaction', name: 'getParamiterForSearchMicrobe', auth: 'session', permission: 'view',
    summary: "One saved search of the signed-in user ({id}): the full search model {id, name, parameterList, inputList}. Another user's id answers 404.",
  },
  saveSearchMicrobe: {
    group: 'transaction', name: 'saveSearchMicrobe', auth: 'session', permission: 'view',
    summary: "Saves the current filters under a name for the signed-in user ({name, inputList}; name not in the spec). The same name again replaces that search. Audited ('search.save').",
  },
  deleteSearchMicrobe: {
    group: 'transaction', name: 'deleteSearchMicrobe', auth: 'session', permission: 'view',
    summary: "Deletes one saved search of the signed-in user ({id}); another user's id answers 404. Audited ('search.delete').",
  },
  searchData: {
    group: 'transaction', name: 'searchData', auth: 'session', permission: 'view',
    summary: 'Searches isolates ({inputList, pageno, pageSize, countUpTo}): one EXISTS (or a column predicate) per filter, all values bound. Answers {parameterList, results: a page of SearchResultItem, totalItems, totalIsLowerBound}. Without countUpTo (a legacy client) totalItems is the exact number of matches. With countUpTo (1-10,000; the screens send SEARCH_TOTAL_CAP) the matches are counted only up to countUpTo + 1, and no further than the id window in which the page\'s rows (and one more) were found, so that the page comes back fast: when the count stopped before the end, totalItems is the number found, a lower bound, and totalIsLowerBound is true (shown as "200+" above the cap, or "15+" for a rare combination, until countSearchData answers the exact number). The CSV export always holds every match.',
  },
  countSearchData: {
    group: 'transaction', name: 'countSearchData', auth: 'session', permission: 'view',
    summary: 'The exact number of matches of a search ({inputList}, as for searchData; name not in the spec): {totalItems}. The screens ask for it after a searchData answer whose total was capped (totalIsLowerBound).',
  },
  searchDataUsingNativeQuery: {
    group: 'transaction', name: 'searchDataUsingNativeQuery', auth: 'session', permission: 'view',
    summary: 'The same as searchData (the legacy name; no SQL text is ever taken from the client).',
  },
  exportSearchData: {
    group: 'transaction', name: 'exportSearchData', auth: 'session', permission: 'view',
    summary: "CSV of ALL matches of a search ({inputList}; name not in the spec) as data.csv, streamed from the database in batches. Audited ('search.export').",
  },
  postSearchmicBySamplenov: {
    group: 'transaction', name: 'postSearchmicBySamplenov', auth: 'session', permission: 'view',
    summary: 'The detailed record of one Sample No.-V ({samplenov}): {sampleInward, microbeIdentification, activityList (Level 1 with parameters and status), lvl2activityList}. Unknown: 404.',
  },
  getSearchRecordPdf: {
    group: 'transaction', name: 'getSearchRecordPdf', auth: 'session', permission: 'view',
    summary: 'The detailed record of one Sample No.-V ({samplenov}) as a PDF document (application/pdf; the print and PDF calls are not shown in the spec).',
  },
} as const satisfies Record<string, EndpointSpec>;

export type SearchEndpointName = keyof typeof SEARCH_ENDPOINTS;

export const SEARCH_TITLE = 'Search Your Microbe Today!';
export const SEARCH_MSG = {
  noData: 'No Data Found which can match the criteria',
  checkFields: 'Please Check All fields Again!',
  oops: 'Oops',
  modalTitle: 'Search Microbe',
  details: (s: string) => `Detailed Records for: ${s}`,
  level2: (s: string) => `Level 2 Activity Records for: ${s}`,
} as const;

export const SEARCH_PAGE_SIZE = 10;
export const SAMPLE_INWARD_SET = 'SAMPLE INWARD';
export const MICROBE_IDENTIFICATION_SET = 'MICROBE IDENTIFICATION';
export const SEARCH_COMPARATORS = ['>', '<', '='] as const;
export type Comparator = (typeof SEARCH_COMPARATORS)[number];

/** Filter types of a search parameter (spec: number, text or dropdown; dates as 'Date'). */
export type SearchFieldType = 'number' | 'text' | 'Dropdown' | 'Date';

export interface SearchParameter {
  /** Stable key: 'sample:<field>', 'microbe:<field>' or 'param:<activity_parameter id>'. */
  key: string;
  parameterName: string;
  type: SearchFieldType;
  /** For a dropdown of common master entries: the master type name (getMasterData value). */
  commonmastertype: string | null;
  /** For a dropdown with fixed choices (a Boolean parameter's two labels). */
  options: string[] | null;
  sequence: number;
}

export interface SearchParameterSet {
  key: string;
  label: string;
  level: 'Sample' | 'Identification' | 'Level 1' | 'Level 2';
  parameters: SearchParameter[];
}

/** A filter row of the search model (spec section 3), plus our `key` naming the parameter unambiguously. */
export interface FilterRow {
  key?: string;
  parameterName: string;
  type?: string;
  commonmastertype?: string | null;
  sequence?: number;
  /** Text and dropdown: the value. Number: the text 'num1 comparator num2'. Date: 'YYYY-MM-DD to YYYY-MM-DD'. */
  inputValue?: string | null;
  inputValuenum1?: string | number | null;
  inputValuenum2?: string | number | null;
  dropValue1?: string | null;
  dropValue2?: string | null;
  condition?: string | null;
}

export interface SearchModel {
  userID?: unknown;
  id?: number | null;
  parameterList?: string[];
  inputList: FilterRow[];
  pageno?: number;
  pageSize?: number;
}

export interface ResultValue { parameterName: string; input: string | null; updatedinputnum: number | null }

export interface SearchResultItem {
  srno: number;
  samplenov: string;
  isolatecode: string;
  pncode: string;
  parameterList: ResultValue[];
  activityList: unknown[];
  lvl2activityList: unknown[];
}

export interface SearchAnswer {
  parameterList: string[];
  results: SearchResultItem[];
  /** The number of matches; with totalIsLowerBound, the number found before the count stopped (at most SEARCH_TOTAL_CAP + 1). */
  totalItems: number;
  /** True when the count stopped before the end (above SEARCH_TOTAL_CAP, or once the page was found): totalItems is then a lower bound, not the count. */
  totalIsLowerBound?: boolean;
}

/**
 * The screens ask searchData to count its matches only up to this many (countUpTo), then ask countSearchData for
 * the exact number (issue 7): an exact total walks every match of every filter, which was most of a search's
 * time at 100k samples. bench/history.md: counting 1,001 matches of three filters took 38 ms, 201 took 2 ms
 * (the planner picks a plan that stops early when the limit is well under its estimate).
 */
export const SEARCH_TOTAL_CAP = 200;
/** The largest countUpTo searchData takes. */
export const MAX_COUNT_UP_TO = 10_000;

export interface SavedSearchItem { id: number; name: string }
export interface SavedSearch extends SavedSearchItem { parameterList: string[]; inputList: FilterRow[] }

export interface RecordParameter {
  parameterName: string;
  /** As stored: a master data parameter holds the chosen entry's short name (the contract's code). */
  input: string | null;
  updatedinputnum: number | null;
  /** What a person reads: the master entry's value for a master data parameter ('Circular' for CIRC), else absent. */
  label?: string | null;
}

/** A parameter's value as people read it: the master entry's value when there is one, else what was stored. */
export const recordValueText = (p: Pick<RecordParameter, 'input' | 'label'>): string | null => p.label ?? p.input;
export interface RecordActivity {
  id: number;
  activityname: string;
  shortname: string;
  activitylevel: 'Level 1' | 'Level 2';
  sequence: number | null;
  /** S, A, R, or Y when not yet submitted (as the client shows it). */
  status: string;
  samplenov: string;
  isolatecode: string;
  pncode: string | null;
  parameters: RecordParameter[];
  /** Approved, and data it rests on was amended since ('Data amended after approval'). */
  amended?: boolean;
  /** Its signed approvals and reversions, oldest first. */
  signatures?: SignatureInfo[];
}

/** An amendment of the data the record's results rest on, and which part of the record it changed. */
export interface RecordAmendment extends AmendmentInfo {
  record: 'Sample Inward' | 'Microbe Identification';
}

export interface SampleLookup {
  sampleInward: Record<string, string | number | null>;
  microbeIdentification: Record<string, string | number | null> | null;
  activityList: RecordActivity[];
  lvl2activityList: RecordActivity[];
  /** Amendments of the sample inward record and of the identification, newest first. */
  amendments?: RecordAmendment[];
}

/** Labels of the sample inward block of the detailed record, in order. */
export const RECORD_SAMPLE_LABELS: Array<[string, string]> = [
  ['samplenov', 'Sample No.-V'], ['isolatecode', 'Isolate Code'], ['sampleinno', 'Sample Inwarded No'], ['sampleno', 'Sample Code'],
  ['samplingdate', 'Sampling Date'], ['samplecollectdate', 'Sample Inwarded Date'], ['sampledby', 'Sampled By'], ['resourceName', 'Sample Inwarded By'],
  ['statesofIndia', 'State Of India'], ['district', 'District'], ['gpslocation', 'GPS Location'], ['source', 'Source'],
  ['agroclimaticzone', 'Agroclimatic zone'], ['soiltype', 'Soil type'], ['soilcolor', 'Soil color'], ['minimumrainfall', 'Minimum Rainfall'],
  ['maximumrainfall', 'Maximum Rainfall'], ['temperature', 'Temperature'], ['sampletype', 'Sample Type'], ['soilph', 'Soil pH'],
  ['soilec', 'Soil EC'], ['soilTDS', 'Soil TDS'],
];

export const RECORD_MICROBE_LABELS: Array<[string, string]> = [
  ['microbeNmae', 'Microbe'], ['genus', 'Genus'], ['species', 'Species'], ['percentageIdentification', 'Percentage Identific'],
  ['queryCoverage', 'Query coverage'], ['gramCharacter', 'Gram character'], ['biosafetyLevel', 'Biosafety level'],
];
