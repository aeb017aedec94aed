import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** Exact texts of the common master entry screens (spec 000 sections 2, 5, 8); plain sentences where the spec has none. */
export const COMMON_MASTER_MSG = {
  type: 'Please select the Master Type.',
  shortname: 'Please Fill ShortName!',
  value: 'Please Fill Value!',
  shortnameExists: 'Short Name Already Exists For This Type!',
  /** Empty search text on the entries screen (spec 000 section 5: this text for common master entries). */
  emptySearch: 'Please Fill Search Text!',
  /** Dependency mode: the Values text area is empty. */
  values: 'Please Fill Values!',
  typeChange: 'The master type of an entry cannot be changed.',
} as const;

/** Master type names the workflow screens look up by name (spec 001 sections 5 and 9). */
export const MASTER_TYPES = { state: 'States of India', district: 'District', soilType: 'Soil Type', agroClimaticZone: 'Agro Climatic Zone' } as const;

/** Autocompletes of master data (spec 001 sections 5 and 9): at most 8 results; typing starts the search at 3 characters. */
export const MASTER_LOOKUP = { maxResults: 8, minText: 3, minTextForParameters: 4 } as const;

/**
 * Common master entries of one type, optionally depending on an entry of another type (a district on its
 * state). The definition gives the form fields, limits and messages (validated by shared/validation like
 * every master); the server module common-master adds what differs from a simple master: lists and
 * searches scoped by type, a short name unique per type, the dependency columns and the dependency save.
 * Not among RESOURCES (the simple masters), since the generic routes do not serve it.
 */
export const commonMaster: ResourceDef = {
  name: 'commonMaster',
  table: 'common_master',
  title: 'Common Master Entry',
  fields: [
    {
      // Read-only on the form: the type whose entries the screen shows (CommonMasterEntry/{typeid}).
      name: 'typeid', column: 'type_id', label: 'Master Type', kind: 'integer', min: 1, max: 2147483647,
      required: COMMON_MASTER_MSG.type,
      messages: { invalid: COMMON_MASTER_MSG.type, range: COMMON_MASTER_MSG.type },
    },
    {
      name: 'shortname', column: 'shortname', label: 'Shortname', title: 'Short Name', kind: 'text', maxLength: 5,
      required: COMMON_MASTER_MSG.shortname,
      messages: { maxLength: COMMON_MASTER_MSG.shortname },
      unique: { message: COMMON_MASTER_MSG.shortnameExists },
    },
    {
      name: 'value', column: 'value', label: 'Value', kind: 'text', maxLength: 50,
      required: COMMON_MASTER_MSG.value,
      messages: { maxLength: COMMON_MASTER_MSG.value },
    },
  ],
  activeFields: ['activeStatus'],
  list: {
    columns: [
      { header: 'Short Name', field: 'shortname' },
      { header: 'Value', field: 'value' },
      { header: 'Dependent Short Name', field: 'depenshortname' },
      { header: 'Dependent Name', field: 'depenname' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['shortname', 'value'],
    orderBy: 'shortname',
    searchMaxLength: 50,
  },
  endpoints: {
    list: 'getCommonMaster',
    search: 'getSearchForcommonMaster',
    byId: 'getcommasterByID',
    save: 'savecommonmaster',
    status: 'changeStatusForCommonMaster',
  },
  routes: { home: '/CommonMasterEntry/:id', add: '/CommonMaster', edit: '/EditCommonMaster/:id' },
  answers: DEFAULT_ANSWERS,
};
