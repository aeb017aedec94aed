/**
 * Bodies and answers of the microbe search (spec 001 sections 3, 7, 8): parameter sets, a page of matches and
 * its total, the exact count, the detailed record, its PDF, the CSV of every match, and the signed-in user's
 * saved searches. Served by server/modules/search. Server-only at run time.
 */
import { PAGE, WHOLE, body as bodySchema, listOf, objectOf, text, typed } from './body-schema';
import { BOOL, INT, N_INT, N_NUM, N_STR, NUM, STR, arrayOf, file, orNull, record } from './answer-schema';
import { declare } from './contract';
import { SEARCH_ENDPOINTS as E } from './search-endpoints';

const TEXT = text(1000);
const filterRow = objectOf({
  key: TEXT, parameterName: TEXT, type: TEXT, commonmastertype: TEXT, sequence: WHOLE, inputValue: TEXT, inputValuenum1: TEXT, inputValuenum2: TEXT,
  dropValue1: TEXT, dropValue2: TEXT, condition: TEXT,
});
/** Every field the search calls read (one body for all of them: the search model and the saved-search fields). */
const body = bodySchema({
  inputList: listOf(filterRow, 1000), parameterList: listOf(TEXT, 1000), ...PAGE, pageSize: WHOLE, countUpTo: WHOLE, samplenov: TEXT, id: WHOLE, name: TEXT,
}, { nullable: true });

/** A field of a filter row as it was sent (text or a number; the row is checked again when the search runs). */
const AS_SENT = typed<string | number | null>({ type: ['string', 'number', 'null'] });
/** A filter row as a saved search keeps it. */
const storedRow = record(Object.fromEntries(
  ['key', 'parameterName', 'type', 'commonmastertype', 'sequence', 'inputValue', 'inputValuenum1', 'inputValuenum2', 'dropValue1', 'dropValue2', 'condition'].map((k) => [k, AS_SENT]),
));

const resultValue = record({ parameterName: STR, input: N_STR, updatedinputnum: N_NUM });
const signature = record({ name: STR, username: STR, at: STR, action: STR, meaning: STR, hash: STR, valid: BOOL });
const recordActivity = record({
  id: INT, activityname: STR, shortname: STR, activitylevel: STR, sequence: N_INT, status: STR, samplenov: STR, isolatecode: STR, pncode: N_STR,
  parameters: arrayOf(record({ parameterName: STR, input: N_STR, updatedinputnum: N_NUM, label: N_STR })),
  amended: BOOL, signatures: arrayOf(signature),
});
const SAMPLE_BLOCK = {
  samplenov: STR, isolatecode: STR, sampleinno: STR, sampleno: STR, samplingdate: STR, samplecollectdate: STR, sampledby: STR, resourceName: STR,
  statesofIndia: STR, district: STR, gpslocation: STR, source: STR, agroclimaticzone: STR, soiltype: STR, soilcolor: STR,
  minimumrainfall: NUM, maximumrainfall: NUM, temperature: STR, sampletype: STR, soilph: NUM, soilec: NUM, soilTDS: NUM,
};
const MICROBE_BLOCK = {
  microbeNmae: N_STR, genus: N_STR, species: N_STR, percentageIdentification: N_NUM, queryCoverage: N_NUM, gramCharacter: N_STR, biosafetyLevel: N_STR,
};
const page = record({
  parameterList: arrayOf(STR),
  totalItems: INT,
  totalIsLowerBound: BOOL,
  results: arrayOf(record({
    srno: INT, samplenov: STR, isolatecode: STR, pncode: STR, parameterList: arrayOf(resultValue),
    // Always empty in a page (the detailed record has them): kept for the legacy client, which reads them.
    activityList: arrayOf(recordActivity), lvl2activityList: arrayOf(recordActivity),
  })),
});
const searchParameter = record({
  key: STR, parameterName: STR, type: STR, commonmastertype: N_STR, options: orNull(arrayOf(STR)), sequence: INT,
});
const savedItem = record({ id: INT, name: STR });

export const SEARCH_CONTRACT = {
  getSearchParameterSets: declare(E.getSearchParameterSets, {
    body, answer: arrayOf(record({ key: STR, label: STR, level: STR, parameters: arrayOf(searchParameter) })),
  }),
  searchData: declare(E.searchData, { body, answer: page }),
  searchDataUsingNativeQuery: declare(E.searchDataUsingNativeQuery, { body, answer: page }),
  countSearchData: declare(E.countSearchData, { body, answer: record({ totalItems: INT }) }),
  postSearchmicBySamplenov: declare(E.postSearchmicBySamplenov, {
    body,
    answer: record({
      sampleInward: record(SAMPLE_BLOCK),
      microbeIdentification: orNull(record(MICROBE_BLOCK)),
      activityList: arrayOf(recordActivity),
      lvl2activityList: arrayOf(recordActivity),
      amendments: arrayOf(record({ by: STR, username: STR, at: STR, reason: STR, record: STR })),
    }),
  }),
  getSearchRecordPdf: declare(E.getSearchRecordPdf, { body, answer: file('application/pdf', 'The detailed record of one Sample No.-V as a PDF.') }),
  exportSearchData: declare(E.exportSearchData, {
    body, answer: file('text/csv', 'Every match of the filters as CSV (data.csv), streamed; X-Total-Count says how many.'),
  }),
  getSearchAllForMicrobeHome: declare(E.getSearchAllForMicrobeHome, { body, answer: arrayOf(savedItem) }),
  getParamiterForSearchMicrobe: declare(E.getParamiterForSearchMicrobe, {
    body, answer: record({ id: INT, name: STR, parameterList: arrayOf(STR), inputList: arrayOf(storedRow) }),
  }),
  saveSearchMicrobe: declare(E.saveSearchMicrobe, { body, answer: record({ status: STR, message: STR, id: INT, name: STR }) }),
  deleteSearchMicrobe: declare(E.deleteSearchMicrobe, { body, answer: record({ status: STR }) }),
};
