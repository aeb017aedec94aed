import { DEFAULT_ANSWERS, type FieldDef, type ResourceDef } from './types';

/** The permission checkboxes of a role, in screen order, with their columns. */
const PERMISSIONS: ReadonlyArray<[name: string, column: string, label: string]> = [
  ['add', 'can_add', 'Add'],
  ['view', 'can_view', 'View'],
  ['edit', 'can_edit', 'Edit'],
  ['approve', 'can_approve', 'Approve'],
  ['delete', 'can_delete', 'Delete'],
  ['microbe', 'can_microbe', 'Allow Microbe Identification'],
];
const permissionFields: FieldDef[] = PERMISSIONS.map(([name, column, label]) => ({ name, column, label, kind: 'boolean' }));
const permissionNames = PERMISSIONS.map(([name]) => name);

/** Workflow roles ("bands"): hierarchy and permission flags (spec 000 sections 2, 3, 4, 5, 6, 7, 9). */
export const workflowRole: ResourceDef = {
  name: 'workflowRole',
  table: 'workflow_role',
  title: 'Workflow Role',
  fields: [
    {
      name: 'shortname', column: 'shortname', label: 'Shortname', title: 'Short Name', kind: 'text', maxLength: 20,
      required: 'Please Enter Shortname!',
      messages: { maxLength: 'Short Name must be at most 20 characters.' },
      unique: { message: 'Workflow Role Short Name Already Exists!' },
    },
    {
      name: 'role', column: 'role', label: 'Role', kind: 'text', maxLength: 20,
      required: 'Please Enter Role!',
      messages: { maxLength: 'Role must be at most 20 characters.' },
    },
    {
      name: 'hierarchy', column: 'hierarchy', label: 'Hierarchy', kind: 'integer', min: 1, max: 99,
      required: 'Please Check Hierarchy!',
      messages: { invalid: 'Please Check Hierarchy!', range: 'Please Check Hierarchy!' },
      unique: { message: 'This Hierarchy Is Already Present!', unindexed: true },
    },
    ...permissionFields,
    { name: 'toprole', column: 'is_toprole', label: 'Top Role', kind: 'boolean' },
  ],
  // The group's "select all" flag: on when every permission is on.
  derived: [{ name: 'chkselect', kind: 'allTrue', of: permissionNames }],
  rules: [
    { kind: 'impliesAll', field: 'toprole', fields: permissionNames },
    { kind: 'atLeastOne', fields: [...permissionNames, 'toprole'], message: 'Please select atleast one Activity!' },
  ],
  activeFields: ['activeStatus'],
  list: {
    columns: [
      { header: 'Sr.No.', field: 'srno' },
      { header: 'Short Name', field: 'shortname' },
      { header: 'Role', field: 'role' },
      { header: 'Hierarchy', field: 'hierarchy' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['shortname', 'role'],
    orderBy: 'shortname',
    searchMaxLength: 20,
  },
  endpoints: {
    list: 'getallworkflow',
    // The role list has a search box but the spec names no search call; ours.
    search: 'getSearchForWorkflow',
    byId: 'getworkflowbyid',
    save: 'saveworkrole',
    status: 'workflowtdelstatus',
    notInSpec: ['search'],
    lookups: [
      {
        name: 'getbandForTask', fields: ['id', { as: 'bandname', field: 'role' }, 'shortname', 'hierarchy'], orderBy: 'role',
        summary: 'Active workflow roles (bands) for the user form, ordered by role name.',
      },
    ],
  },
  routes: { home: '/WorkFlowroleHomepage', add: '/workflowrole', edit: '/workflowrole/:id' },
  answers: DEFAULT_ANSWERS,
};
