import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** 10 digits starting with 6, 7, 8 or 9 (spec 000 section 5); the country code is +91 only. */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
/** Lowercase local part, @, domain, dot, two or more letters (spec 000 section 5). */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;
/** A user name is one word (it is typed at sign-in). */
export const USERNAME_PATTERN = /^\S+$/;

export const EMPLOYEE_MSG = {
  code: 'Please Enter Employee Code!',
  salutation: 'Please Select Salutation!',
  gender: 'Please Select Gender!',
  firstName: 'Please Enter First Name!',
  mobile: 'Please Enter Valid Mobile No!',
  email: 'Please Enter Valid Email ID!',
  department: 'Please Select Department!',
  username: 'Please Enter Self User Name!',
  codeExists: 'This Employee Code Is Already Present!',
  usernameExists: 'User Name Already Exists!',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfManager: 'A user cannot be their own reporting manager.',
  manager: 'The reporting manager must be an active user.',
} as const;

/**
 * Employees (users) (spec 000 sections 2, 3, 4, 5, 7, 8, 9). The user master form, the employee list and
 * the status change follow the generic master; the server adds what differs (the transport-encoded
 * mobile number, an initial password for a new user, session revocation on deactivation).
 * Validation order is the spec's: code, salutation, gender, first name, mobile, email, department, user name.
 */
export const employee: ResourceDef = {
  name: 'employee',
  table: 'app_user',
  entity: 'user',
  idName: 'resourceID',
  title: 'Employee',
  fields: [
    {
      name: 'employeecode', column: 'employee_code', label: 'User Code', title: 'Employee Code', kind: 'text', maxLength: 7,
      required: EMPLOYEE_MSG.code,
      messages: { maxLength: 'Employee Code must be at most 7 characters.' },
      unique: { message: EMPLOYEE_MSG.codeExists },
    },
    {
      name: 'salutation', column: 'salutation', label: 'Salutation', kind: 'select', placeholder: 'Select',
      required: EMPLOYEE_MSG.salutation,
      messages: { invalid: EMPLOYEE_MSG.salutation },
      options: [
        { value: 'Mr.', label: 'Mr.' },
        { value: 'Ms.', label: 'Ms.' },
        { value: 'Miss.', label: 'Miss.' },
      ],
    },
    {
      name: 'gender', column: 'gender', label: 'Gender', kind: 'select', placeholder: 'Select',
      required: EMPLOYEE_MSG.gender,
      messages: { invalid: EMPLOYEE_MSG.gender },
      options: [
        { value: 'Male', label: 'Male' },
        { value: 'Female', label: 'Female' },
      ],
    },
    {
      // "more than 1 character"
      name: 'firstname', column: 'first_name', label: 'First Name', kind: 'text', minLength: 2, maxLength: 20,
      required: EMPLOYEE_MSG.firstName,
      messages: { minLength: EMPLOYEE_MSG.firstName, maxLength: 'First Name must be at most 20 characters.' },
    },
    {
      name: 'middlename', column: 'middle_name', label: 'Middle Name', kind: 'text', maxLength: 20,
      messages: { maxLength: 'Middle Name must be at most 20 characters.' },
    },
    {
      name: 'lastname', column: 'last_name', label: 'Last Name', kind: 'text', maxLength: 20,
      messages: { maxLength: 'Last Name must be at most 20 characters.' },
    },
    {
      name: 'address', column: 'address', label: 'Address', kind: 'textarea', maxLength: 500,
      messages: { maxLength: 'Address must be at most 500 characters.' },
    },
    {
      // Sent transport-encoded as `mobile1` (the server decodes it into `mobile` before validation).
      name: 'mobile', column: 'mobile', label: 'Mobile No', title: 'Mobile No', kind: 'text', maxLength: 10, pattern: MOBILE_PATTERN,
      required: EMPLOYEE_MSG.mobile,
      messages: { maxLength: EMPLOYEE_MSG.mobile, pattern: EMPLOYEE_MSG.mobile, invalid: EMPLOYEE_MSG.mobile },
    },
    {
      name: 'email', column: 'email', label: 'Email ID', kind: 'text', maxLength: 254, pattern: EMAIL_PATTERN,
      required: EMPLOYEE_MSG.email,
      messages: { maxLength: 'Email ID must be at most 254 characters.', pattern: EMPLOYEE_MSG.email, invalid: EMPLOYEE_MSG.email },
    },
    {
      name: 'tbdepartment', column: 'department_id', label: 'Department', kind: 'integer', min: 1,
      required: EMPLOYEE_MSG.department,
      messages: { invalid: EMPLOYEE_MSG.department, range: EMPLOYEE_MSG.department },
      references: { table: 'department', message: 'The selected Department does not exist or is inactive.' },
    },
    {
      name: 'tbdesignation', column: 'designation_id', label: 'Designation', kind: 'integer', min: 1,
      messages: { invalid: 'Please select a valid Designation.', range: 'Please select a valid Designation.' },
      references: { table: 'designation', message: 'The selected Designation does not exist or is inactive.' },
    },
    {
      name: 'tbband', column: 'workflow_role_id', label: 'Workflow Role', kind: 'integer', min: 1,
      messages: { invalid: 'Please select a valid Workflow Role.', range: 'Please select a valid Workflow Role.' },
      references: { table: 'workflow_role', message: 'The selected Workflow Role does not exist or is inactive.' },
    },
    {
      name: 'selfaccessforuser', column: 'username', label: 'User Name', kind: 'text', maxLength: 50, pattern: USERNAME_PATTERN,
      required: EMPLOYEE_MSG.username,
      messages: { maxLength: 'User Name must be at most 50 characters.', pattern: 'User Name must not contain spaces.' },
      unique: { message: EMPLOYEE_MSG.usernameExists },
    },
    {
      name: 'usergroupid', column: 'user_group_id', label: 'User Group', kind: 'integer', min: 1,
      messages: { invalid: 'Please select a valid User Group.', range: 'Please select a valid User Group.' },
      references: { table: 'user_group', message: 'The selected User Group does not exist or is inactive.' },
    },
    {
      // "System Status Active" (spec 000, user master form): a new user is active unless unticked.
      name: 'selfactive', column: 'active', label: 'System Status Active', kind: 'boolean', defaultValue: true, keepWhenAbsent: true, activeFlag: true,
    },
    {
      // Chosen on the activity access screen; the user form may leave it out.
      name: 'reportingmanagerid', column: 'reporting_manager_id', label: 'Reporting Manager', kind: 'integer', min: 1,
      messages: { invalid: EMPLOYEE_MSG.manager, range: EMPLOYEE_MSG.manager },
      references: { table: 'app_user', message: EMPLOYEE_MSG.manager },
      keepWhenAbsent: true,
    },
  ],
  derived: [
    { name: 'roleid', kind: 'same', of: 'tbband' },
    { name: 'rolename', kind: 'refName', of: 'tbband', table: 'workflow_role', column: 'role' },
    { name: 'msg', kind: 'statusText', labels: { Y: 'Active', N: 'Inactive' } },
  ],
  // The list answers the flag as activeStatus, the form as selfactive ("System Status Active").
  activeFields: ['activeStatus', 'selfactive'],
  list: {
    columns: [
      { header: 'Code', field: 'employeecode' },
      { header: 'First Name', field: 'firstname' },
      { header: 'Middle Name', field: 'middlename' },
      { header: 'Last Name', field: 'lastname' },
      { header: 'Status', field: 'msg' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['employeecode', 'firstname', 'middlename', 'lastname', 'selfaccessforuser'],
    orderBy: 'employeecode',
    searchMaxLength: 50,
    rowActions: [{ label: 'Activity Access', route: '/userActivityAccess/:id' }],
    fields: ['resourceID', 'employeecode', 'firstname', 'middlename', 'lastname', 'msg', 'activeStatus'],
  },
  endpoints: {
    list: 'getempmasterfroEmp',
    search: 'getSearchForEmployeeMaster',
    byId: 'getEmployeedByid',
    save: 'saveemployeemaster',
    status: 'Employeechangedeletstatus',
  },
  routes: { home: '/userHomepage', add: '/user', edit: '/user/:id' },
  answers: {
    ...DEFAULT_ANSWERS,
    reactivated: {
      status: 'Success',
      status1: 'Success2',
      message: 'Deleted Record Successfully Recovered!',
      rescoremessage: 'Deleted Record Successfully Recovered!',
    },
  },
};
