/**
 * Bodies and answers of every simple master's calls (list, search, by id, save, status, their aliases and the
 * lookups), generated from the resource definitions (shared/resources) like the endpoint table itself: the
 * fields a form sends are the definition's fields, in their loose legacy forms; the answers are its rows.
 */
import type { TSchema } from '@sinclair/typebox';
import { FLAG, ID, PAGE, WHOLE, body, describe, strictText, text } from './body-schema';
import { BOOL, INT, N_INT, N_STR, STR, YN, arrayOf, record } from './answer-schema';
import { declare, type Contract } from './contract';
import { ACTIVITY_TYPE_ENDPOINTS, MASTER_ENDPOINTS, type MasterEndpoint } from './master-endpoints';
import { EMPLOYEE_ENDPOINTS } from './user-endpoints';
import { MICROBE_MASTER_ENDPOINTS } from './microbe-endpoints';
import { COMMON_MASTER_ENDPOINTS } from './common-master-endpoints';
import {
  RESOURCE_LIST, RESOURCE_MSG, commonMaster, employee, microbe, duplicateAnswerOf, fieldByName, idNameOf, uniqueFields, type FieldDef, type LookupDef, type ResourceDef,
} from '../resources';

const DEFINITIONS = new Map<string, ResourceDef>([...RESOURCE_LIST, employee, microbe, commonMaster].map((r) => [r.name, r]));

/** What a master's save reads and answers beyond its definition's fields. */
const SAVE_EXTRAS: Record<string, { body?: Record<string, TSchema>; created?: Record<string, string> }> = {
  employee: {
    // The mobile number, transport-encoded by the legacy client (it wins over a plain `mobile`).
    body: { mobile1: text(4096) },
    created: {
      initialPassword: 'a random password for the first sign-in, shown this once (only its hash is stored; the user must change it at the first sign-in).',
    },
  },
};

/** The loose form of a field as the legacy forms send it; the field's own rules are the shared yup schema's. */
function inputSchema(f: FieldDef): TSchema {
  switch (f.kind) {
    case 'integer':
      return describe(WHOLE, f.label);
    case 'boolean':
      return describe(FLAG, f.label);
    default: {
      // The form's own length rule answers with its message; this bound only stops a huge value early.
      const t = describe(text(Math.max(10_000, f.maxLength ?? 0)), f.label);
      return f.options ? { ...t, examples: f.options.map((o) => o.value) } : t;
    }
  }
}

function outputSchema(f: FieldDef): TSchema {
  switch (f.kind) {
    case 'integer':
      return N_INT;
    case 'boolean':
      return BOOL;
    default:
      return N_STR;
  }
}

/** The answer fields of a record of the master. */
export function rowProperties(r: ResourceDef): Record<string, TSchema> {
  const props: Record<string, TSchema> = { [idNameOf(r)]: INT };
  for (const f of r.fields) {
    props[f.name] = outputSchema(f);
    if (f.enabledBy) props[f.enabledBy] = BOOL;
  }
  for (const d of r.derived ?? []) {
    props[d.name] = d.kind === 'allTrue' ? BOOL : d.kind === 'same' ? props[d.of] : STR;
  }
  for (const name of r.activeFields) props[name] = YN;
  return props;
}

/** The answer fields of a list row (the definition's list.fields, or the whole row). */
export function listFields(r: ResourceDef): string[] {
  return r.list.fields ? [...r.list.fields] : Object.keys(rowProperties(r));
}

const listBody = body(PAGE, { nullable: true });

/** An answer of fixed texts (status, message, rescoremessage...) and an id. */
const answerObject = (keys: string[]) => record(Object.fromEntries(keys.map((k) => [k, k === 'id' ? INT : STR])));

export function lookupOf(r: ResourceDef, spec: Pick<MasterEndpoint, 'lookup'>): LookupDef {
  const l = r.endpoints.lookups?.find((x) => x.name === spec.lookup);
  if (!l) throw new Error(`${r.name}: no lookup ${spec.lookup}`);
  return l;
}

/** The contract of one master call: its body, answer and the answer's description for the API document. */
export function masterContractOf(spec: MasterEndpoint): Contract {
  const r = DEFINITIONS.get(spec.resource);
  if (!r) throw new Error(`No resource definition '${spec.resource}' for master/${spec.name}`);
  const props = rowProperties(r);
  const idName = idNameOf(r);
  const rowNames = listFields(r).filter((n) => n !== idName);
  const page = arrayOf(record({ [idName]: props[idName], srno: INT, ...Object.fromEntries(rowNames.map((n) => [n, props[n]])), totalItems: INT }));
  const shape = `{${idName}, srno, ${rowNames.join(', ')}, totalItems}`;
  const extras = SAVE_EXTRAS[r.name] ?? {};
  switch (spec.role) {
    case 'list':
      return declare(spec, {
        description: `Answer (not shown in the spec; ours): an array of at most 10 rows ${shape}, ordered by ${r.list.orderBy} then id. srno counts from 1 across pages; totalItems is the number of rows.`,
        body: listBody,
        answer: page,
      });
    case 'search':
      return declare(spec, {
        description: `Answer (not shown in the spec; ours): like the list, only rows whose ${r.list.searchFields.join(' or ')} contains searchText (case-insensitive). Blank searchText answers 400 '${RESOURCE_MSG.emptySearch}'.`,
        body: body({ ...PAGE, searchText: text(1000) }),
        answer: page,
      });
    case 'byId':
      return declare(spec, {
        description: `Answer: {${Object.keys(props).join(', ')}, version}; 404 when there is no such record.`,
        body: body({ id: ID, trnid: ID }),
        answer: record({ ...props, version: INT }),
      });
    case 'save': {
      const uniques = uniqueFields(r);
      const dups = uniques.map((u) => `${JSON.stringify(duplicateAnswerOf(r, u))} when the ${u.unique!.within ? `${u.label} exists for the same ${fieldByName(r, u.unique!.within)?.label}` : `${u.label} exists`}`);
      const fields: Record<string, TSchema> = { id: ID, version: ID };
      if (idName !== 'id') fields[idName] = ID;
      for (const f of r.fields) {
        fields[f.name] = inputSchema(f);
        if (f.enabledBy) fields[f.enabledBy] = describe(FLAG, `Whether ${f.label} is given`);
      }
      const created = extras.created ?? {};
      const createdText = Object.entries(created).map(([k, v]) => ` A new record's answer also has ${k}: ${v}`).join('');
      return declare(spec, {
        description:
          `Answer: ${JSON.stringify({ ...r.answers.saved, id: 0 })} on success;${createdText} ${dups.join('; ') || 'a duplicate answer when the key exists'} (nothing stored); ` +
          `400 {message} with the form's message when a field is not valid; 404 when the id does not exist; 409 when version is stale.`,
        body: body({ ...fields, ...(extras.body ?? {}) }),
        answer: answerObject(['id', ...new Set([
          ...Object.keys(r.answers.saved), ...Object.keys(r.answers.duplicate), 'rescoremessage',
          ...uniques.flatMap((u) => Object.keys(duplicateAnswerOf(r, u))), ...Object.keys(created),
        ])]),
      });
    }
    case 'status':
      return declare(spec, {
        description: `Answer: ${JSON.stringify(r.answers.deactivated)} for N; ${JSON.stringify(r.answers.reactivated)} for Y; 404 when the id does not exist.`,
        body: body({ id: ID, trnid: ID, activeStatus: strictText(10), status: strictText(10), version: ID }),
        answer: answerObject([...new Set([...Object.keys(r.answers.deactivated), ...Object.keys(r.answers.reactivated)])]),
      });
    case 'lookup': {
      const l = lookupOf(r, spec);
      const items = Object.fromEntries(l.fields.map((x) => (typeof x === 'string' ? [x, props[x]] : [x.as, props[x.field]])));
      return declare(spec, {
        description: `Answer (not shown in the spec; ours): every active row as {${Object.keys(items).join(', ')}}, unpaged, ordered by ${l.orderBy}.`,
        body: listBody,
        answer: arrayOf(record(items)),
      });
    }
  }
}

export type MasterContract = Contract & { endpoint: MasterEndpoint };
const contractsOf = (endpoints: readonly MasterEndpoint[]): readonly MasterContract[] => endpoints.map((e) => masterContractOf(e) as MasterContract);

/** The simple masters (shared/resources), the employees (user master) and the microbe master. */
export const MASTER_CONTRACTS = contractsOf(MASTER_ENDPOINTS);
export const EMPLOYEE_CONTRACTS = contractsOf(EMPLOYEE_ENDPOINTS);
export const MICROBE_MASTER_CONTRACTS = contractsOf(MICROBE_MASTER_ENDPOINTS);

/** The common master's status call is the generic status handler (common master's own calls: common-master-schemas.ts). */
const commonMasterStatus: MasterEndpoint = { ...COMMON_MASTER_ENDPOINTS.changeStatusForCommonMaster, resource: commonMaster.name, role: 'status' };
export const COMMON_MASTER_STATUS_CONTRACT = masterContractOf(commonMasterStatus) as MasterContract;

const activityTypeRow = { id: INT, shortname: STR, activityname: STR, activitylevel: STR, sequence: N_INT };

/** getAllactivityByid (spec 000 section 7): the spec names the call and `activitylstById`; the rest of the shape is ours. */
export const ACTIVITY_TYPE_CONTRACT = {
  getAllactivityByid: declare(ACTIVITY_TYPE_ENDPOINTS.getAllactivityByid, {
    description:
      'Answer: {id, shortname, activityname, activitylevel, sequence, sequence1, activeStatus, status, version, activitylstById}: the activity type ' +
      '(as getactivityById) and activitylstById, the active activity types of its level as [{id, shortname, activityname, activitylevel, sequence}] ' +
      'by sequence (none last), then short name. The spec names the call and the field; the shape is ours. 400 without an id; 404 when there is no such activity type.',
    body: body({ id: ID, trnid: ID }),
    answer: record({
      ...activityTypeRow, sequence1: BOOL, activeStatus: STR, status: STR, version: INT, activitylstById: arrayOf(record(activityTypeRow)),
    }),
  }),
};
