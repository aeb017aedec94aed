import type { EndpointSpec } from './endpoints';
import { masterEndpointsOf, type MasterEndpoint } from './master-endpoints';
import { employee } from '../resources/employee';

/**
 * Employees (users) and per-user activity access (spec 000 sections 2, 3, 7): the user part of the
 * endpoint table. The employee calls come from the employee definition like any master's; the activity
 * access calls are hand-written.
 */
export const EMPLOYEE_ENDPOINTS: readonly MasterEndpoint[] = masterEndpointsOf(employee);

export const USER_ACCESS_ENDPOINTS = {
  getresourceByroleId: {
    group: 'master', name: 'getresourceByroleId', auth: 'session', permission: 'view',
    summary: 'Active users holding a workflow role ({roleid}): the reporting-manager candidates, [{id, name}].',
  },
  getApproversForUser: {
    group: 'master', name: 'getApproversForUser', auth: 'session', permission: 'view',
    summary:
      "The reporting managers a user ({userid}) may have (name not in the spec): every active user whose active workflow role has Approve " +
      '(or Top Role), but the user, [{id, name, rolename}] by name. getresourceByroleId still answers the users of one role.',
  },
  getEmployeesWithoutApprover: {
    group: 'master', name: 'getEmployeesWithoutApprover', auth: 'session', permission: 'view',
    summary:
      'Active employees with activities whose submissions nobody can approve (name not in the spec): no reporting manager, an inactive one, ' +
      "or one whose role lacks Approve: [{resourceID, employeecode, name, reportingmanagerid (0 when none), reportingmanager, problem: 'none' | 'inactive' | 'cannotApprove'}] by code.",
  },
  getCheckboxes: {
    group: 'master', name: 'getCheckboxes', auth: 'session', permission: 'view',
    summary: "A workflow role's permission flags ({roleid}): {add, edit, view, delete, approve, microbe, toprole}.",
  },
  getusergroup: {
    group: 'master', name: 'getusergroup', auth: 'session', permission: 'view',
    summary: 'Active user groups for the user form: [{usergroupid, usergroup}].',
  },
  getUsractById: {
    group: 'master', name: 'getUsractById', auth: 'session', permission: 'view',
    summary: "A user's activity access ({userid}, or id / trnid): every active activity type, the granted ones ticked; version (ours) to send back with the save.",
  },
  saveUserActivityAceess: {
    group: 'master', name: 'saveUserActivityAceess', auth: 'session', permission: 'edit', credentials: 'bearer',
    summary: "Replace a user's activity access with the ticked activities (flags from the role) and set their reporting manager. version (optional, as read by getUsractById): a stale one answers 409 and nothing is saved.",
  },
} as const satisfies Record<string, EndpointSpec>;

/** Every user endpoint. */
export const USER_ENDPOINTS: readonly EndpointSpec[] = [...EMPLOYEE_ENDPOINTS, ...Object.values(USER_ACCESS_ENDPOINTS)];

export type ApproverProblem = 'none' | 'inactive' | 'cannotApprove';

/** A row of getEmployeesWithoutApprover. */
export interface EmployeeWithoutApprover {
  resourceID: number;
  employeecode: string;
  name: string;
  reportingmanagerid: number;
  reportingmanager: string;
  problem: ApproverProblem;
}

/** What the screens say about reporting managers who cannot approve (ours; the spec has no text for it). */
export const APPROVER_MSG = {
  problem: (problem: ApproverProblem, manager: string): string =>
    problem === 'none' ? 'has no reporting manager' : problem === 'inactive' ? `reports to ${manager}, who is inactive` : `reports to ${manager}, whose role cannot approve`,
  warningTitle: (n: number) =>
    n === 1 ? '1 employee with activities has nobody to approve them' : `${n} employees with activities have nobody to approve them`,
  warningHint: 'Open their activity access and choose a reporting manager who can approve.',
  current: (manager: string) => `${manager} cannot approve activities (inactive, or a role without Approve). Choose a reporting manager who can.`,
  candidate: (name: string, role: string) => `${name} (${role})`,
} as const;

/** The answer of saveUserActivityAceess and the messages of its checks, in the order they are made (spec 000 section 5). */
export const USER_ACCESS_MSG = {
  role: 'Please Check Workflow Role',
  resource: 'Please select Resource',
  activity: 'Please select atleast one Activity',
  saved: 'Record Saved Successfully!',
  /** Ours: a save of access someone else changed since it was read (409). */
  stale: "Someone else changed this user's activity access or employee record since you opened it. Your changes are not saved: reload to see theirs.",
} as const;
