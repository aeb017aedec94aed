/** Bodies and answers of the parameter configuration of activity types (saveParameters and the three reads). */
import { CHECKED_BY_HANDLER, ID, body, describe, listOf, typed } from './body-schema';
import { BOOL, INT, N_INT, N_NUM, N_STR, STR, arrayOf, orNull, record } from './answer-schema';
import { declare, type Contract } from './contract';
import { PARAMETER_ENDPOINTS as E } from './parameter-endpoints';
import { PARAMCONF_PROPS, paramconfBodyProps } from './paramconf-schema';
import { PARAM_TYPES, UNIT_TYPES, USER_ENTRY_OPTIONS } from '../parameters/parameter-config';

/** One of a list of words. */
const oneOf = <T extends string>(values: readonly T[]) => typed<T>({ type: 'string', enum: [...values] });

const validatorProps = {
  mandatory: BOOL, minlength: N_INT, maxlength: N_INT, minlength1: N_INT, maxlength1: N_INT,
  min: N_NUM, minforfloat: N_NUM, minforinteger: N_NUM, allownegative: BOOL, allownegativeforfloat: BOOL,
  lessthncurrentdate: BOOL, greatthncurrentdate: BOOL, currentdate: BOOL, decimalplaces: N_NUM,
};
/** A parameter row in the legacy names. */
const parameterProps = {
  id: INT,
  shortname: STR,
  parameterName: STR,
  type: oneOf(PARAM_TYPES),
  sequence: INT,
  mandatory: BOOL,
  unittype: oneOf(UNIT_TYPES),
  userentry: oneOf(USER_ENTRY_OPTIONS),
  minlength: N_INT,
  maxlength: N_INT,
  maxlength1: N_INT,
  decimalplaces: N_NUM,
  allownegative: BOOL,
  allownegativeforfloat: BOOL,
  lessthncurrentdate: BOOL,
  greatthncurrentdate: BOOL,
  currentdate: BOOL,
  booleanyes: N_STR,
  booleanno: N_STR,
  commonmastertype: N_STR,
  commonmastertypeid: N_INT,
  status: STR,
  min: N_NUM,
  validator: record(validatorProps),
  actid: INT,
  activityID: INT,
  activityname: STR,
  activitylevel: STR,
  version: INT,
};
/** The activity's fields as in the getParamconf answer, with the version explained and the rows declared. */
const { activity, actid, activityID, shortname, activityname, activitylevel, sequence } = PARAMCONF_PROPS;
const activityProps = {
  activity, actid, activityID,
  version: describe(N_INT, "getActivityParametersByid: the parameter set's version (send it back with saveParameters). getParamconf with a sample: the activity transaction's version (null before the first submit)."),
  shortname, activityname, activitylevel, sequence,
  activeList: arrayOf(record(parameterProps)),
};
const ROW_NAMES = Object.keys(parameterProps).join(', ');

const readDescription = (extra: string) =>
  `Body {id} (also actid, activityID or trnid): an activity type. Answer: {activity: {id, shortname, activityname, activitylevel, sequence, activeStatus}, ` +
  `actid, activityID, shortname, activityname, activitylevel, sequence, activeList${extra}}; activeList holds its active parameters in sequence order as {${ROW_NAMES}}. 404 when there is no such activity.`;

const read = { description: readDescription(''), body: body({ id: ID, actid: ID, activityID: ID, trnid: ID }, { nullable: true }), answer: record(activityProps) };

/** A recorded value: text, a number or a date (any JSON value is sent as it is). */
const RECORDED_VALUE = typed<string | number | null>({});

export const PARAMETER_CONTRACT = {
  saveParameters: declare(E.saveParameters, {
    description:
      'Body {actid (or activityID), activeList: [{shortname, parameterName, type, sequence, mandatory, unittype, userentry?, minlength, maxlength, maxlength1, decimalplaces, ' +
      'allownegative, allownegativeforfloat, lessthncurrentdate, greatthncurrentdate, currentdate, booleanyes, booleanno, commonmastertype (id or type name), status}]}. ' +
      "Rows with status 'N' are left out. Replaces the activity's active parameters (matched by short name; the others are made inactive). " +
      `Types: ${PARAM_TYPES.join(', ')}; unit types: ${UNIT_TYPES.join(', ')}. Answer {message: 'Success', actid, count, version}; ` +
      "400 {message: 'Error', detail: '<the first problem>', index, field}; 404 {message: 'Error', detail} when the activity does not exist; " +
      "409 {message: 'Error', detail, version} when `version` (the set's version as loaded) is stale: nothing is saved. Without `version` (legacy clients) no check is made.",
    body: body({
      actid: ID, activityID: ID, id: ID,
      // Each row is checked by the handler with a message naming the row and field.
      activeList: describe(listOf(CHECKED_BY_HANDLER, 1000), 'Parameter rows (each checked with a plain message).'),
      version: typed<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 2147483647 }),
    }),
    answer: record({ message: STR, actid: INT, count: INT, version: INT }),
  }),
  getActivityParametersByid: declare(E.getActivityParametersByid, read),
  getParameterByActivity: declare(E.getParameterByActivity, read),
  getParamconf: declare(E.getParamconf, {
    description:
      `${readDescription(', status: null, sampleInward: null')} With the samplenov of an existing isolate the activity workflow answers it: ` +
      'the same configuration, each parameter with its recorded inputvalue, plus the transaction state (status, sampleInward {sampleno, samplenov, pncode, isolatecode}, ' +
      'reportingmanager, reportingmanagerid, username, userid, remarks, version, trnid, mode, allowed, canEdit); see getLvl2Paramconf.',
    body: body({ ...paramconfBodyProps, trnid: ID }, { nullable: true }),
    answer: record({
      ...PARAMCONF_PROPS,
      ...activityProps,
      activeList: arrayOf(record({ ...parameterProps, inputvalue: RECORDED_VALUE })),
      status: N_STR,
      sampleInward: orNull(PARAMCONF_PROPS.sampleInward),
    }),
  }),
} satisfies Record<keyof typeof E, Contract>;
