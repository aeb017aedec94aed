/** Bodies and answers of the microbe lookups and the microbe identification (spec 001 sections 2, 5, 7, 8); the microbe master's own calls are in master-schemas.ts. */
import { ID, PAGE, body, strictText, text } from './body-schema';
import { BOOL, INT, N_INT, N_NUM, N_STR, STR, arrayOf, record } from './answer-schema';
import { declare } from './contract';
import { IDENTIFICATION_ENDPOINTS, MICROBE_LOOKUP_ENDPOINTS as L } from './microbe-endpoints';

const LOOSE = text(1000);
const lookupBody = body({ bactid: ID, typeid: ID, genus: LOOSE, message: LOOSE, value: LOOSE, shortname: LOOSE, ...PAGE }, { nullable: true });
const lookup = <P extends Parameters<typeof record>[0]>(items: P) => ({ body: lookupBody, answer: arrayOf(record(items)) });

export const MICROBE_LOOKUP_CONTRACT = {
  getCommasterTypeformicrobe: declare(L.getCommasterTypeformicrobe, lookup({ id: INT, typeid: INT, code: STR, type: STR })),
  getCommonMastermicrobe: declare(L.getCommonMastermicrobe, lookup({ id: INT, shortname: STR, value: STR, microbeTypename: STR })),
  getCommonMastermicrobeforGenus: declare(L.getCommonMastermicrobeforGenus, lookup({ genus: STR, shortname: STR })),
  getCommonMasterforspecies: declare(L.getCommonMasterforspecies, lookup({ id: INT, genus: STR, species: STR, shortname: STR })),
  getallGenus: declare(L.getallGenus, lookup({ genus: STR, shortname: STR })),
  getallSpecies: declare(L.getallSpecies, lookup({ species: STR, shortname: STR })),
};

const keyProps = { samplenov: LOOSE, isolateid: ID, id: ID, trnid: ID };

export const IDENTIFICATION_CONTRACT = {
  getmicrobeidentificationByid: declare(IDENTIFICATION_ENDPOINTS.getmicrobeidentificationByid, {
    description: 'Answer: {isolateid, isolatecode, samplenov, sampleno, id, bactid, typeid, microbeNmae, genus, species, percentageIdentification, queryCoverage, gramCharacter, biosafetyLevel, version, amendmentRequired, canEdit, createdBy, amendments [{by, username, at, reason}]}; 404 when there is no such isolate.',
    body: body(keyProps),
    answer: record({
      isolateid: INT, isolatecode: STR, samplenov: STR, sampleno: STR,
      id: N_INT, bactid: N_INT, typeid: N_INT, microbeNmae: N_STR, genus: N_STR, species: N_STR, percentageIdentification: N_NUM, queryCoverage: N_NUM,
      gramCharacter: N_STR, biosafetyLevel: N_STR, version: N_INT, amendmentRequired: BOOL, canEdit: BOOL, createdBy: N_STR,
      amendments: arrayOf(record({ by: STR, username: STR, at: STR, reason: STR })),
    }),
  }),
  savemicrobidentification: declare(IDENTIFICATION_ENDPOINTS.savemicrobidentification, {
    description: "Answer: {statuss:'Success', message:'Record Saved Successfully!', id, version}; 400 {message, field} when a value is not valid or the microbe is not in the microbe master; 404 no such isolate; 409 stale version. " +
      'An existing identification is changed only by the user who recorded it or a Top Role user (else 403); once an activity of the isolate is submitted or approved, a change is an amendment: ' +
      "it needs amendmentReason (else 400 {message, field:'amendmentReason', amendmentRequired:true}) and marks the isolate's approved activities 'Data amended after approval'.",
    body: body({
      ...keyProps, bactid: ID, typeid: ID, microbeNmae: LOOSE, genus: LOOSE, species: LOOSE, percentageIdentification: LOOSE,
      queryCoverage: LOOSE, gramCharacter: LOOSE, biosafetyLevel: LOOSE, version: ID, amendmentReason: strictText(2000),
    }),
    answer: record({ statuss: STR, message: STR, id: INT, version: INT }),
  }),
  getIsolatesForIdentification: declare(IDENTIFICATION_ENDPOINTS.getIsolatesForIdentification, {
    body: body({ message: LOOSE, ...PAGE }, { nullable: true }),
    answer: arrayOf(record({ srno: INT, id: INT, samplenov: STR, isolatecode: STR, sampleno: STR, sampletype: STR, codedAt: STR, totalItems: INT })),
  }),
};
