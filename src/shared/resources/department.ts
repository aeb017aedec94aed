import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** Department master (spec 000 sections 2, 3, 5, 7, 9). */
export const department: ResourceDef = {
  name: 'department',
  table: 'department',
  title: 'Department',
  fields: [
    {
      name: 'departmentCode', column: 'code', label: 'Code', title: 'Department Code', kind: 'text', maxLength: 20,
      required: 'Please Enter Department Code!',
      messages: { maxLength: 'Department Code must be at most 20 characters.' },
      unique: { message: 'This Department Code Is Already Present!' },
    },
    {
      name: 'departmentName', column: 'name', label: 'Department Name', kind: 'text', maxLength: 50,
      required: 'Please Enter Department Name!',
      messages: { maxLength: 'Department Name must be at most 50 characters.' },
    },
  ],
  activeFields: ['activeStatus'],
  list: {
    columns: [
      { header: 'Sr.No.', field: 'srno' },
      { header: 'Code', field: 'departmentCode' },
      { header: 'Department Name', field: 'departmentName' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['departmentCode', 'departmentName'],
    orderBy: 'departmentCode',
    searchMaxLength: 50,
  },
  endpoints: {
    list: 'getdepartment',
    search: 'getSearchForDepartmentHome',
    byId: 'getdepartmentById',
    save: 'savedepartment',
    status: 'departmentdelstatus',
    aliases: { status: ['dltdepartment'] },
    lookups: [
      {
        name: 'getdepartmentForEmployee', fields: ['id', 'departmentCode', 'departmentName'], orderBy: 'departmentName',
        summary: 'Active departments for the user form, ordered by name.',
      },
    ],
  },
  routes: { home: '/departmentHome', add: '/department', edit: '/Editdepartment/:id' },
  answers: DEFAULT_ANSWERS,
};
