/** Bodies and answers of the administrators' account actions (user master's own calls: master-schemas.ts; activity access: user-access calls below). */
import { EMPTY_BODY, FLAG, ID, body, listOf, objectOf, typed } from './body-schema';
import { STR, record } from './answer-schema';
import { declare, fromRoute } from './contract';
import { USER_ACCESS_ENDPOINTS as E, USER_ACCESS_MSG } from './user-endpoints';
import { ACCOUNT_ADMIN_ENDPOINTS as A } from './account-endpoints';

/** `resourceID` as the legacy client sends ids: a number or a string of digits. */
const RESOURCE_BODY = body({
  resourceID: typed<number | string>({ type: ['integer', 'string'], minimum: 1, maximum: 2147483647, pattern: '^[1-9][0-9]{0,8}$' }),
}, { required: ['resourceID'] });

const DONE = record({ status: STR, message: STR });

export const ACCOUNT_ADMIN_CONTRACT = {
  resetUserPassword: declare(A.resetUserPassword, { body: RESOURCE_BODY, answer: record({ status: STR, message: STR, password: STR }) }),
  unlockUser: declare(A.unlockUser, { body: RESOURCE_BODY, answer: DONE }),
  endUserSessions: declare(A.endUserSessions, { body: RESOURCE_BODY, answer: DONE }),
};

const roleBody = body({ roleid: ID }, { nullable: true });
const flagProps = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, { type: 'boolean' }]));
const ACCESS_FLAGS = ['add', 'edit', 'view', 'delete', 'microbe', 'toprole'] as const;

const accessRow = {
  type: 'object',
  properties: {
    activityID: { type: 'integer' }, activityname: { type: 'string' }, shortname: { type: 'string' }, sequence: { type: ['integer', 'null'] },
    activitylevel: { type: 'string' }, chkselect: { type: 'boolean' }, roleid: { type: 'integer' }, resourceID: { type: 'integer' },
    reportingmanagerid: { type: 'integer' }, ...flagProps(ACCESS_FLAGS),
  },
};

/** User activity access (spec 000 sections 2, 4, 5, 6, 7): the calls of the /userActivityAccess screen. */
export const USER_ACCESS_CONTRACT = {
  getresourceByroleId: declare(E.getresourceByroleId, fromRoute({
      description: 'Answer (not shown in the spec; ours): [{id, name}] of the active users holding the role, by name; [] when roleid is missing or unknown.',
      body: roleBody,
      response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } },
    })),
  getApproversForUser: declare(E.getApproversForUser, fromRoute({
      description: 'Answer (ours): [{id, name, rolename}] of the active users whose active role has Approve or Top Role, by name, without the user named by userid.',
      // userid names the employee, as for getUsractById
      body: body({}, { nullable: true }),
      response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, rolename: { type: 'string' } } } } },
    })),
  getEmployeesWithoutApprover: declare(E.getEmployeesWithoutApprover, fromRoute({
      description:
        "Answer (ours): [{resourceID, employeecode, name, reportingmanagerid, reportingmanager, problem}] of the active employees with at least one active activity granted whose reporting manager is missing ('none'), inactive ('inactive') or in a role without Approve ('cannotApprove'), by code.",
      body: EMPTY_BODY,
      response: {
        200: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              resourceID: { type: 'integer' }, employeecode: { type: 'string' }, name: { type: 'string' }, reportingmanagerid: { type: 'integer' },
              reportingmanager: { type: 'string' }, problem: { type: 'string', enum: ['none', 'inactive', 'cannotApprove'] },
            },
          },
        },
      },
    })),
  getCheckboxes: declare(E.getCheckboxes, fromRoute({
      description: `Answer (not shown in the spec; ours): {add, edit, view, delete, approve, microbe, toprole} of the role (Top Role implies all); 400 '${USER_ACCESS_MSG.role}' without a roleid; 404 when there is no such role.`,
      body: roleBody,
      response: { 200: { type: 'object', properties: flagProps(['add', 'edit', 'view', 'delete', 'approve', 'microbe', 'toprole']) } },
    })),
  getusergroup: declare(E.getusergroup, fromRoute({
      description: 'Answer (not shown in the spec; ours): [{usergroupid, usergroup}] of the active user groups, by name.',
      body: EMPTY_BODY,
      response: { 200: { type: 'array', items: { type: 'object', properties: { usergroupid: { type: 'integer' }, usergroup: { type: 'string' } } } } },
    })),
  getUsractById: declare(E.getUsractById, fromRoute({
      description:
        'Answer (not shown in the spec; ours): {userid, resourceId, roleid, rolename, name, reportingmanagerid (0 when none), reportingmanagername, version, actAccesslst}: ' +
        'every active activity type as {activityID, activityname, shortname, sequence, activitylevel, chkselect, roleid, resourceID, reportingmanagerid, ' +
        'add, edit, view, delete, microbe, toprole}; chkselect marks the granted ones, whose flags are those granted (false for the others). ' +
        '404 when there is no such user.',
      body: body({ userid: ID, id: ID, trnid: ID, resourceId: ID }),
      response: {
        200: {
          type: 'object',
          properties: {
            userid: { type: 'integer' }, resourceId: { type: 'integer' }, roleid: { type: 'integer' }, rolename: { type: 'string' },
            name: { type: 'string' }, reportingmanagerid: { type: 'integer' }, reportingmanagername: { type: 'string' }, version: { type: 'integer' },
            actAccesslst: { type: 'array', items: accessRow },
          },
        },
      },
    })),
  saveUserActivityAceess: declare(E.saveUserActivityAceess, fromRoute({
      description:
        `Answer: {status: 'Success', message: '${USER_ACCESS_MSG.saved}'}. Checked in order: roleid must be the user's active workflow role ` +
        `('${USER_ACCESS_MSG.role}'); resourceId (or userid) must be a user ('${USER_ACCESS_MSG.resource}'); at least one actAccesslst row with ` +
        `chkselect true ('${USER_ACCESS_MSG.activity}'). The ticked activities replace the user's access, each with the role's flags (the payload's ` +
        'flags are ignored); reportingmanagerid (0 or blank clears it; absent keeps it) must be another active user. One transaction, audited. ' +
        `version (optional): getUsractById's version; when someone else changed the access or the employee since, 409 {message: "${USER_ACCESS_MSG.stale}", version} ` +
        'and nothing is saved. The answer carries the new version.',
      body: body({
        userid: ID, resourceId: ID, resourceID: ID, roleid: ID, reportingmanagerid: ID,
        actAccesslst: listOf(objectOf({ activityID: ID, activityId: ID, activityid: ID, chkselect: FLAG }), 5000),
        version: { type: ['integer', 'null'], minimum: 0, maximum: 4294967295 },
      }),
      response: { 200: { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' }, version: { type: 'integer' } } } },
    })),
};
