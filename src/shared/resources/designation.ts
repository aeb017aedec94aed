import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** Designation master: the department pattern (spec 000 sections 2, 3, 5, 7, 9). */
export const designation: ResourceDef = {
  name: 'designation',
  table: 'designation',
  title: 'Designation',
  fields: [
    {
      name: 'designationcode', column: 'code', label: 'Code', title: 'Designation Code', kind: 'text', maxLength: 20,
      required: 'Please Enter Designation Code!',
      messages: { maxLength: 'Designation Code must be at most 20 characters.' },
      unique: { message: 'This Designation Code Is Already Present!' },
    },
    {
      name: 'designationname', column: 'name', label: 'Designation Name', kind: 'text', maxLength: 50,
      required: 'Please Enter Designation Name!',
      messages: { maxLength: 'Designation Name must be at most 50 characters.' },
    },
  ],
  activeFields: ['activeStatus'],
  list: {
    columns: [
      { header: 'Sr.No.', field: 'srno' },
      { header: 'Code', field: 'designationcode' },
      { header: 'Designation Name', field: 'designationname' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['designationcode', 'designationname'],
    orderBy: 'designationcode',
    searchMaxLength: 50,
  },
  endpoints: {
    list: 'getdesignation',
    search: 'getSearchForDesignation',
    // The spec names no by-id call for designations; ours follows the department's.
    byId: 'getdesignationById',
    save: 'savedesignation',
    status: 'degination',
    notInSpec: ['byId'],
    lookups: [
      {
        name: 'getdesignationall', fields: ['id', 'designationcode', 'designationname'], orderBy: 'designationname',
        summary: 'Active designations for the user form, ordered by name.',
      },
    ],
  },
  routes: { home: '/designationHome', add: '/designation', edit: '/editdesignation/:id' },
  answers: DEFAULT_ANSWERS,
};
