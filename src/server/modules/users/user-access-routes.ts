import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_ACCESS_MSG } from '../../../shared/contract/endpoints';
import { USER_ACCESS_CONTRACT as C } from '../../../shared/contract/user-schemas';
import type { EmployeeWithoutApprover } from '../../../shared/contract/user-endpoints';
import { truthy } from '../../../shared/validation';
import { mutate } from '../../lib/audit';
import { flagsOf } from '../../lib/permissions';
import { HttpError } from '../../plugins/errors';
import { bodyOf, idOf, wholeNumber } from '../../lib/body';
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
  app.endpoint(C.getresourceByroleId, async (req) => {
    const roleId = wholeNumber(bodyOf(req).roleid);
    return roleId === null ? [] : activeUsersOfRole(req.server.db, roleId);
  });

  app.endpoint(C.getApproversForUser, async (req) => approversFor(req.server.db, idOf(bodyOf(req).userid, 'user id')));

  app.endpoint(C.getEmployeesWithoutApprover, async (req): Promise<EmployeeWithoutApprover[]> => (await employeesWithoutApprover(req.server.db)).map((e) => ({
    resourceID: e.id, employeecode: e.employee_code, name: e.name, reportingmanagerid: e.manager_id ?? 0, reportingmanager: e.manager_name, problem: e.problem,
  })));

  app.endpoint(C.getCheckboxes, async (req) => {
    const roleId = wholeNumber(bodyOf(req).roleid);
    if (roleId === null) throw new HttpError(400, USER_ACCESS_MSG.role);
    const role = await findRole(req.server.db, roleId);
    if (!role) throw new HttpError(404, `There is no Workflow Role with id ${roleId}.`);
    return flagsOf(role);
  });

  app.endpoint(C.getusergroup, async (req) => activeUserGroups(req.server.db));

  app.endpoint(C.getUsractById, getUserAccess);

  app.endpoint(C.saveUserActivityAceess, saveUserAccess);
}
