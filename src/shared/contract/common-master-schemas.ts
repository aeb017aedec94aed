/**
 * Bodies and answers of the common master entries and the master-data lookups (spec 000 sections 2, 3, 5, 7, 8;
 * spec 001 sections 5, 7). The status change is the generic master's (master-schemas.ts).
 */
import { FLAG, ID, PAGE, body as bodySchema, listOf, objectOf, strictText, text } from './body-schema';
import { declare, fromRoute, type Answer, type Contract } from './contract';
import type { TSchema } from './body-schema';
import { COMMON_MASTER_ENDPOINTS as E } from './common-master-endpoints';
import { COMMON_MASTER_MSG, MASTER_LOOKUP, MASTER_TYPES } from '../resources';
import { DEPENDENCY_FORMAT_MSG, DEPENDENCY_VALUES_MAX_LENGTH } from '../validation';

const LOOSE_TEXT = text(1000);
const NULLABLE_INT = { type: ['integer', 'null'] };
const NULLABLE_TEXT = { type: ['string', 'null'] };

const entryProps = {
  id: { type: 'integer' },
  typeid: { type: 'integer' },
  type: { type: 'string' },
  shortname: { type: 'string' },
  value: { type: 'string' },
  activeStatus: { type: 'string', enum: ['Y', 'N'] },
  depenid: NULLABLE_INT,
  depenshortname: NULLABLE_TEXT,
  depenname: NULLABLE_TEXT,
  depentypeid: NULLABLE_INT,
  depentype: NULLABLE_TEXT,
};
const rowProps = { ...entryProps, srno: { type: 'integer' }, totalItems: { type: 'integer' } };
const rowsSchema = { type: 'array', items: { type: 'object', properties: rowProps } };
const ROW_SHAPE = '{id, srno, typeid, type, shortname, value, activeStatus, depenid, depenshortname, depenname, depentypeid, depentype, totalItems} (depen*: the entry this one depends on, null when none)';

const itemsSchema = {
  type: 'array',
  items: { type: 'object', properties: { id: { type: 'integer' }, shortname: { type: 'string' }, value: { type: 'string' } } },
};
const typeProps = {
  id: { type: 'integer' }, typeid: { type: 'integer' }, code: { type: 'string' }, type: { type: 'string' }, activeStatus: { type: 'string' },
};
/** The dependency-mode switch: message 'true' (or true). */
const listProps = { typeid: ID, ...PAGE, message: FLAG };
const listBody = bodySchema(listProps, { nullable: true });

const SCHEMAS = {
  getCommonMaster: {
    description: `Answer: an array of at most 10 rows ${ROW_SHAPE}, ordered by type, short name (case-insensitive), id; srno counts from 1 across pages; totalItems is the number of matching rows. With message 'true' only entries that depend on another entry.`,
    body: listBody,
    response: { 200: rowsSchema },
  },
  getSearchForcommonMaster: {
    description: `Answer: like getCommonMaster, only entries whose short name or value (or their dependency's) contains searchText, case-insensitively. Blank searchText: 400 '${COMMON_MASTER_MSG.emptySearch}'.`,
    body: bodySchema({ ...listProps, searchText: LOOSE_TEXT }),
    response: { 200: rowsSchema },
  },
  getcommasterByID: {
    description: 'Answer: {id, typeid, type, shortname, value, activeStatus, depenid, depenshortname, depenname, depentypeid, depentype, version}; 404 when there is no such entry.',
    body: bodySchema({ id: ID, trnid: ID }),
    response: { 200: { type: 'object', properties: { ...entryProps, version: { type: 'integer' } } } },
  },
  gettypeformasterByID: {
    description: 'Body {id} (a type id; also typeid or trnid) or {entryid} (an entry: answers its type). Answer: {id, typeid, code, type, activeStatus}; 404 when missing.',
    body: bodySchema({ id: ID, typeid: ID, trnid: ID, entryid: ID }),
    response: { 200: { type: 'object', properties: typeProps } },
  },
  savecommonmaster: {
    description:
      `Body {id?, typeid, shortname, value, version?}. Answer: {"status":"Success","message":"Record Saved Successfully!","id":0}; ` +
      `{"status":"Failed","status1":"Success1","rescoremessage":"${COMMON_MASTER_MSG.shortnameExists}"} when the type has the short name (any case; nothing stored); ` +
      `400 {message} ('${COMMON_MASTER_MSG.shortname}', '${COMMON_MASTER_MSG.value}', ...); 404 when the id does not exist; 409 when version is stale. An update keeps the entry's type and dependency.`,
    body: bodySchema({ id: ID, version: ID, typeid: ID, shortname: LOOSE_TEXT, value: LOOSE_TEXT }),
    response: {
      200: {
        type: 'object',
        properties: { status: { type: 'string' }, message: { type: 'string' }, id: { type: 'integer' }, status1: { type: 'string' }, rescoremessage: { type: 'string' } },
      },
    },
  },
  gettypeformasterByIDfordependancy: {
    description: 'Body {id} (a type id; also typeid). Answer: {id, typeid, code, type, activeStatus, typeidfordep, typefordep}: the type its entries depend on, null when none do; 404 when missing.',
    body: bodySchema({ id: ID, typeid: ID, trnid: ID }),
    response: { 200: { type: 'object', properties: { ...typeProps, typeidfordep: NULLABLE_INT, typefordep: NULLABLE_TEXT } } },
  },
  getCommonMasterfordependancy: {
    description: 'Body {typeidfordep} (also typeid or id): the parent type. Answer: its active entries [{id, shortname, value}] ordered by short name.',
    body: bodySchema({ typeidfordep: ID, typeid: ID, id: ID }),
    response: { 200: itemsSchema },
  },
  getdependentCommonMaster: {
    description: `Body {id} (an entry) or {typeid, shortname} (an entry by its type and short name). Answer: every entry depending on it, as rows ${ROW_SHAPE}, ordered by type and short name; 404 when there is no such entry.`,
    body: bodySchema({ id: ID, typeid: ID, shortname: LOOSE_TEXT }),
    response: { 200: rowsSchema },
  },
  savecommonmasterdependancy: {
    description:
      "Body {typeid (the type of the new entries, e.g. District), typeidfordep (the parent type, e.g. States of India), typeidfordepsortname (the parent entry's id or short name), " +
      "valueforjson ('shortcode:value,shortname:value'), distList? ([{depenshortname, depenname}]: when given, the pairs saved)}. " +
      `Answer: {"status":"Success","message":"Record Saved Successfully!","ids":[...]}; {"status":"Error1","massage":"<sentence>"} when a short name exists in the type or is given twice (nothing stored); ` +
      `400 {message}: '${COMMON_MASTER_MSG.values}', '${DEPENDENCY_FORMAT_MSG.incorrect}', a pair too long, a missing type or parent entry.`,
    body: bodySchema({
      typeid: ID, typeidfordep: ID, typeidfordepsortname: LOOSE_TEXT, valueforjson: strictText(DEPENDENCY_VALUES_MAX_LENGTH * 10),
      distList: listOf(objectOf({ depenshortname: LOOSE_TEXT, depenname: LOOSE_TEXT }), 1000),
    }),
    response: {
      200: {
        type: 'object',
        properties: { status: { type: 'string' }, message: { type: 'string' }, massage: { type: 'string' }, ids: { type: 'array', items: { type: 'integer' } } },
      },
    },
  },
  getMasterData: {
    description:
      `Body {value (a master type's name or code, e.g. 'Soil type'), message (the typed text; shortname when message is absent)}. Answer: up to ${MASTER_LOOKUP.maxResults} active entries ` +
      `[{id, shortname, value}] of that type whose short name or value contains the text, ordered by short name; [] when the text has fewer than ${MASTER_LOOKUP.minText} characters or the type does not exist.`,
    body: bodySchema({ value: LOOSE_TEXT, message: LOOSE_TEXT, shortname: LOOSE_TEXT, typeid: ID, bactid: ID, genus: LOOSE_TEXT, ...PAGE }),
    response: { 200: itemsSchema },
  },
  getDependancyData: {
    description:
      `Body {shortname (the chosen state's short name or value), message? (typed text)}. Answer: the active entries of '${MASTER_TYPES.district}' depending on that active entry of '${MASTER_TYPES.state}', ` +
      '[{id, shortname, value}] ordered by short name (only those containing message when given); [] when there is none.',
    body: bodySchema({ shortname: LOOSE_TEXT, message: LOOSE_TEXT, value: LOOSE_TEXT }),
    response: { 200: itemsSchema },
  },
};

type Name = keyof typeof SCHEMAS;
export const COMMON_MASTER_CONTRACT = Object.fromEntries(
  (Object.keys(SCHEMAS) as Name[]).map((k) => [k, declare(E[k], fromRoute<TSchema, Answer>(SCHEMAS[k]))]),
) as { [K in Name]: Contract<(typeof SCHEMAS)[K]['body']> };
