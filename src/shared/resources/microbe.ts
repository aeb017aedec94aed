import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/**
 * The common master types the microbe screens read, by name (our choice; the spec does not name them).
 * - Microbe types (Bacteria, Fungi, Actinomycetes) are the entries of the common master type 'Microbe Type':
 *   the microbe master's "microbe" drop-down and the identification's microbe choice.
 * - Gram characters (Gram Positive, Gram Negative, ...) are the entries of 'Gram Character': the
 *   identification's autocomplete (getMasterData, 3 characters) and the server's check of the chosen value.
 * An administrator creates these types (and their entries) on the common master screens; SEED_DEMO creates
 * them with the demo lab. The server finds a type by its name or code, case-insensitively.
 */
export const MICROBE_MASTER_TYPES = { microbeType: 'Microbe Type', gramCharacter: 'Gram Character' } as const;

/** Biosafety levels: a fixed list (our choice: the four WHO / CDC levels), not master data. */
export const BIOSAFETY_LEVELS = ['BSL-1', 'BSL-2', 'BSL-3', 'BSL-4'] as const;
export type BiosafetyLevel = (typeof BIOSAFETY_LEVELS)[number];

/** Exact texts of the microbe master (spec 001 sections 5 and 8); plain sentences where the spec has none. */
export const MICROBE_MSG = {
  type: 'Please Select Bacteria Type !',
  // Two spaces before and after Genus, exactly as the spec has it.
  genus: 'Please Enter  Genus  !',
  species: 'Please Enter species !',
  saved: 'Record Saved Successfully!',
  duplicate: 'This Microbe (Type, Genus and Species) Already Exists!',
  typeNotMicrobe: `The selected microbe type is not an active entry of the '${MICROBE_MASTER_TYPES.microbeType}' master.`,
  noTypes: `No microbe types yet: add Bacteria, Fungi, ... as entries of the common master type '${MICROBE_MASTER_TYPES.microbeType}'.`,
} as const;

/**
 * Microbe master (spec 001 sections 2, 3, 5, 7, 8): a microbe type (an entry of the 'Microbe Type' common
 * master), genus and species. Served by the generic master routes with overrides (server/modules/microbes):
 * the type must be a microbe type, (type, genus, species) is unique case-insensitively, and the status call
 * takes the legacy field name `activestatus`. Not among RESOURCES (the simple masters), like employee.
 */
export const microbe: ResourceDef = {
  name: 'microbe',
  table: 'microbe',
  title: 'Microbe Master',
  fields: [
    {
      // The "microbe" drop-down (Bacteria, Fungi, Actinomycetes), fed by getCommonMastermicrobe.
      name: 'typeid', column: 'type_id', label: 'Microbe', title: 'Microbe Type', kind: 'integer', min: 1, max: 2147483647,
      required: MICROBE_MSG.type,
      messages: { invalid: MICROBE_MSG.type, range: MICROBE_MSG.type },
      references: { table: 'common_master', message: MICROBE_MSG.typeNotMicrobe },
    },
    {
      name: 'genus', column: 'genus', label: 'Genus', kind: 'text', maxLength: 100,
      required: MICROBE_MSG.genus,
      messages: { maxLength: 'Genus must be at most 100 characters.' },
    },
    {
      name: 'species', column: 'species', label: 'Species', kind: 'text', maxLength: 100,
      required: MICROBE_MSG.species,
      messages: { maxLength: 'Species must be at most 100 characters.' },
    },
  ],
  derived: [
    // The type's name (the list's Microbe Type column) and the legacy alias of the type id.
    { name: 'microbeTypename', kind: 'refName', of: 'typeid', table: 'common_master', column: 'value' },
    { name: 'bactid', kind: 'same', of: 'typeid' },
  ],
  activeFields: ['activestatus'],
  list: {
    columns: [
      { header: 'Sr. No.', field: 'srno' },
      { header: 'Microbe Type', field: 'microbeTypename' },
      { header: 'Genus', field: 'genus' },
      { header: 'Species', field: 'species' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['genus', 'species'],
    orderBy: 'genus',
    searchMaxLength: 100,
  },
  endpoints: {
    list: 'getmicrobemasterhome',
    search: 'getSearchForMicrobemaster',
    byId: 'getmicrobemasterById',
    save: 'saveMicrobemaster',
    status: 'deletemicrobeStatus',
  },
  routes: { home: '/MicrobeMaster', add: '/MicrobeMasterEntry', edit: '/MicrobeMasterEntry/:id' },
  // A status change answers 'Record Saved Successfully!' both ways (spec 001 section 8).
  answers: {
    ...DEFAULT_ANSWERS,
    deactivated: { status: 'Success', message: MICROBE_MSG.saved },
    reactivated: { status: 'Success', message: MICROBE_MSG.saved },
  },
};
