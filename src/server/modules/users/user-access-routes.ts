import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_ACCESS_ENDPOINTS, USER_ACCESS_MSG } from '../../../shared/contract/endpoints';
import type { EmployeeWithoutApprover } from '../../../shared/contract/user-endpoints';
import { truthy } from '../../../shared/validation';
import { mutate } from '../../lib/audit';
import { flagsOf } from '../../lib/permissions';
import { HttpError } from '../../plugins/errors';
import { bodyOf, idOf, wholeNumber } from '../../lib/body';
import { EMPTY_BODY, FLAG, ID, body as bodySchema, listOf, objectOf } from '../../../shared/contract/body-schema';
import { actorOf } from '../../plugins/session';
import { EMPLOYEE_MSG } from '../../../shared/resources';
import {
  accessVersionOf, activeActivityIds, activeUserGroups, activeUsersOfRole, activityGrid, approversFor, employeesWithoutApprover, bumpAccessVersion, findRole, findUserWithRole, fullName,
  grantedActivityIds, isActiveUser, replaceAccess, setReportingManager,
} from './user-access-repository';

/**
 * User activity access (spec 000 sections 2, 4, 5, 6, 7): the calls of the /userActivityAccess screen.
 * The flags of a grant always come from the user's workflow role on the server; those in the payload
 * are ignored.
 */
const isBlank = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0';

const roleBody = bodySchema({ roleid: ID }, { nullable: true });
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

async function getUserAccess(req: FastifyRequest) {
  const body = bodyOf(req);
  const userId = wholeNumber(body.userid ?? body.id ?? body.trnid ?? body.resourceId);
  if (userId === null) throw new HttpError(400, USER_ACCESS_MSG.resource);
  const db = req.server.db;
  const user = await findUserWithRole(db, userId);
  if (!user) throw new HttpError(404, `There is no Employee with id ${userId}.`);
  const roleid = user.workflow_role_id ?? 0;
  const reportingmanagerid = user.reporting_manager_id ?? 0;
  const grid = await activityGrid(db, userId);
  const manager = user.reporting_manager_id === null ? undefined : await findUserWithRole(db, user.reporting_manager_id);
  return {
    userid: user.id,
    resourceId: user.id,
    roleid,
    rolename: user.role_name ?? '',
    name: fullName(user),
    reportingmanagerid,
    reportingmanagername: manager ? fullName(manager) : '',
    /** Send it back with saveUserActivityAceess: a stale one answers 409. */
    version: accessVersionOf(user),
    actAccesslst: grid.map((a) => {
      const granted = a.access_id !== null;
      return {
        activityID: a.id, activityname: a.name, shortname: a.shortname, sequence: a.sequence, activitylevel: a.level,
        chkselect: granted, roleid: granted ? (a.role_id ?? 0) : roleid, resourceID: user.id, reportingmanagerid,
        add: Boolean(a.can_add), edit: Boolean(a.can_edit), view: Boolean(a.can_view), delete: Boolean(a.can_delete),
        microbe: Boolean(a.can_microbe), toprole: Boolean(a.is_toprole),
      };
    }),
  };
}

/** The activity ids ticked in the payload, in order, without repeats; a ticked row must name an id. */
function tickedActivities(list: unknown): number[] {
  if (!Array.isArray(list)) return [];
  const ids: number[] = [];
  for (const row of list) {
    if (!row || typeof row !== 'object' || !truthy((row as Record<string, unknown>).chkselect)) continue;
    const r = row as Record<string, unknown>;
    const raw = r.activityID ?? r.activityId ?? r.activityid;
    const id = wholeNumber(raw);
    if (id === null) throw new HttpError(400, `Activity '${String(raw ?? '')}' is not a valid activity id.`);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

async function saveUserAccess(req: FastifyRequest) {
  const body = bodyOf(req);
  const db = req.server.db;
  // Checked in the screen's order: workflow role, resource (the employee), at least one activity.
  const roleId = wholeNumber(body.roleid);
  const role = roleId === null ? undefined : await findRole(db, roleId);
  if (!role || role.active !== 'Y') throw new HttpError(400, USER_ACCESS_MSG.role, { field: 'roleid' });
  // The employee is resourceId; legacy screens also send it as userid.
  const userId = wholeNumber(body.resourceId ?? body.resourceID ?? body.userid);
  const found = userId === null ? undefined : await findUserWithRole(db, userId);
  if (userId === null || !found) throw new HttpError(400, USER_ACCESS_MSG.resource, { field: 'resourceId' });
  // No lost updates: a save of access (or of an employee) someone else changed since it was read is refused
  // (without a version, as legacy clients send, the save goes through). Checked again under the row lock.
  const expected = typeof body.version === 'number' ? body.version : null;
  const stale = (u: { version: number; access_version: number }) =>
    expected !== null && expected !== accessVersionOf(u) ? new HttpError(409, USER_ACCESS_MSG.stale, { version: accessVersionOf(u) }) : null;
  const staleNow = stale(found);
  if (staleNow) throw staleNow;
  // The screen's role selector is fixed to the user's role: flags are never borrowed from another role.
  if (found.workflow_role_id !== role.id) throw new HttpError(400, USER_ACCESS_MSG.role, { field: 'roleid' });
  const activityIds = tickedActivities(body.actAccesslst);
  if (activityIds.length === 0) throw new HttpError(400, USER_ACCESS_MSG.activity, { field: 'actAccesslst' });

  const rawManager = body.reportingmanagerid;
  const keepManager = rawManager === undefined;
  const managerId = isBlank(rawManager) ? null : wholeNumber(rawManager);
  if (!keepManager && !isBlank(rawManager) && managerId === null) throw new HttpError(400, EMPLOYEE_MSG.manager, { field: 'reportingmanagerid' });

  return mutate(db, actorOf(req), async (trx, audit) => {
    const user = await findUserWithRole(trx, userId, { forUpdate: true });
    if (!user) throw new HttpError(400, USER_ACCESS_MSG.resource, { field: 'resourceId' });
    const staleLocked = stale(user);
    if (staleLocked) throw staleLocked;
    // Checked again under the row lock: the user's role (or the role itself) may have changed meanwhile.
    const roleNow = await findRole(trx, role.id);
    if (user.workflow_role_id !== role.id || !roleNow || roleNow.active !== 'Y') throw new HttpError(400, USER_ACCESS_MSG.role, { field: 'roleid' });
    const active = await activeActivityIds(trx, activityIds);
    const missing = activityIds.filter((id) => !active.has(id));
    if (missing.length) throw new HttpError(400, `Activity ${missing.join(', ')} does not exist or is inactive.`, { field: 'actAccesslst' });
    if (!keepManager && managerId !== null) {
      if (managerId === user.id) throw new HttpError(400, EMPLOYEE_MSG.selfManager, { field: 'reportingmanagerid' });
      if (!(await isActiveUser(trx, managerId))) throw new HttpError(400, EMPLOYEE_MSG.manager, { field: 'reportingmanagerid' });
    }
    const beforeIds = await grantedActivityIds(trx, user.id);
    const newManager = keepManager ? user.reporting_manager_id : managerId;
    await replaceAccess(trx, user.id, roleNow, activityIds);
    if (newManager !== user.reporting_manager_id) await setReportingManager(trx, user.id, newManager);
    await audit({
      action: 'userAccess.save',
      entity: 'user',
      entityId: user.id,
      before: { activities: beforeIds, reportingmanagerid: user.reporting_manager_id },
      after: { activities: [...activityIds].sort((a, b) => a - b), reportingmanagerid: newManager, roleid: roleNow.id, flags: flagsOf(roleNow) },
    });
    const version = await bumpAccessVersion(trx, user.id);
    return { status: 'Success', message: USER_ACCESS_MSG.saved, version };
  });
}

export function userAccessRoutes(app: FastifyInstance): void {
  const E = USER_ACCESS_ENDPOINTS;

  app.endpoint(E.getresourceByroleId, {
    schema: {
      description: 'Answer (not shown in the spec; ours): [{id, name}] of the active users holding the role, by name; [] when roleid is missing or unknown.',
      body: roleBody,
      response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } },
    },
  }, async (req) => {
    const roleId = wholeNumber(bodyOf(req).roleid);
    return roleId === null ? [] : activeUsersOfRole(req.server.db, roleId);
  });

  app.endpoint(E.getApproversForUser, {
    schema: {
      description: 'Answer (ours): [{id, name, rolename}] of the active users whose active role has Approve or Top Role, by name, without the user named by userid.',
      // userid names the employee, as for getUsractById
      body: bodySchema({}, { nullable: true }),
      response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, rolename: { type: 'string' } } } } },
    },
  }, async (req) => approversFor(req.server.db, idOf(bodyOf(req).userid, 'user id')));

  app.endpoint(E.getEmployeesWithoutApprover, {
    schema: {
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
    },
  }, async (req): Promise<EmployeeWithoutApprover[]> => (await employeesWithoutApprover(req.server.db)).map((e) => ({
    resourceID: e.id, employeecode: e.employee_code, name: e.name, reportingmanagerid: e.manager_id ?? 0, reportingmanager: e.manager_name, problem: e.problem,
  })));

  app.endpoint(E.getCheckboxes, {
    schema: {
      description: `Answer (not shown in the spec; ours): {add, edit, view, delete, approve, microbe, toprole} of the role (Top Role implies all); 400 '${USER_ACCESS_MSG.role}' without a roleid; 404 when there is no such role.`,
      body: roleBody,
      response: { 200: { type: 'object', properties: flagProps(['add', 'edit', 'view', 'delete', 'approve', 'microbe', 'toprole']) } },
    },
  }, async (req) => {
    const roleId = wholeNumber(bodyOf(req).roleid);
    if (roleId === null) throw new HttpError(400, USER_ACCESS_MSG.role);
    const role = await findRole(req.server.db, roleId);
    if (!role) throw new HttpError(404, `There is no Workflow Role with id ${roleId}.`);
    return flagsOf(role);
  });

  app.endpoint(E.getusergroup, {
    schema: {
      description: 'Answer (not shown in the spec; ours): [{usergroupid, usergroup}] of the active user groups, by name.',
      body: EMPTY_BODY,
      response: { 200: { type: 'array', items: { type: 'object', properties: { usergroupid: { type: 'integer' }, usergroup: { type: 'string' } } } } },
    },
  }, async (req) => activeUserGroups(req.server.db));

  app.endpoint(E.getUsractById, {
    schema: {
      description:
        'Answer (not shown in the spec; ours): {userid, resourceId, roleid, rolename, name, reportingmanagerid (0 when none), reportingmanagername, version, actAccesslst}: ' +
        'every active activity type as {activityID, activityname, shortname, sequence, activitylevel, chkselect, roleid, resourceID, reportingmanagerid, ' +
        'add, edit, view, delete, microbe, toprole}; chkselect marks the granted ones, whose flags are those granted (false for the others). ' +
        '404 when there is no such user.',
      body: bodySchema({ userid: ID, id: ID, trnid: ID, resourceId: ID }),
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
    },
  }, getUserAccess);

  app.endpoint(E.saveUserActivityAceess, {
    schema: {
      description:
        `Answer: {status: 'Success', message: '${USER_ACCESS_MSG.saved}'}. Checked in order: roleid must be the user's active workflow role ` +
        `('${USER_ACCESS_MSG.role}'); resourceId (or userid) must be a user ('${USER_ACCESS_MSG.resource}'); at least one actAccesslst row with ` +
        `chkselect true ('${USER_ACCESS_MSG.activity}'). The ticked activities replace the user's access, each with the role's flags (the payload's ` +
        'flags are ignored); reportingmanagerid (0 or blank clears it; absent keeps it) must be another active user. One transaction, audited. ' +
        `version (optional): getUsractById's version; when someone else changed the access or the employee since, 409 {message: "${USER_ACCESS_MSG.stale}", version} ` +
        'and nothing is saved. The answer carries the new version.',
      body: bodySchema({
        userid: ID, resourceId: ID, resourceID: ID, roleid: ID, reportingmanagerid: ID,
        actAccesslst: listOf(objectOf({ activityID: ID, activityId: ID, activityid: ID, chkselect: FLAG }), 5000),
        version: { type: ['integer', 'null'], minimum: 0, maximum: 4294967295 },
      }),
      response: { 200: { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' }, version: { type: 'integer' } } } },
    },
  }, saveUserAccess);
}
