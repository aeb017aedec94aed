import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** Activity types (Level 1 / Level 2); their parameters are configured elsewhere (spec 000 sections 2, 3, 5, 7, 8, 9). */
export const activityType: ResourceDef = {
  name: 'activityType',
  table: 'activity_type',
  title: 'Activity Type',
  fields: [
    {
      name: 'shortname', column: 'shortname', label: 'Short Name', kind: 'text', maxLength: 7,
      required: 'Please Enter Short Name Code!',
      messages: { maxLength: 'Short Name must be at most 7 characters.' },
      unique: { message: 'Activity Short Name Already Exists!' },
    },
    {
      name: 'activityname', column: 'name', label: 'Type', title: 'Activity Name', kind: 'text', maxLength: 50,
      required: 'Please Enter Activity Name!',
      messages: { maxLength: 'Activity Name must be at most 50 characters.' },
    },
    {
      name: 'activitylevel', column: 'level', label: 'Activity Level', kind: 'select', placeholder: 'Select Level',
      required: 'Please select the Activity Level.',
      messages: { invalid: 'Activity Level must be Level 1 or Level 2.' },
      options: [
        { value: 'Level 1', label: 'Level 1' },
        { value: 'Level 2', label: 'Level 2' },
      ],
    },
    {
      // A Sequence checkbox (sequence1) reveals the input.
      name: 'sequence', column: 'sequence', label: 'Sequence', kind: 'integer', maxLength: 20, min: 1, max: 2147483647,
      enabledBy: 'sequence1',
      required: 'Please enter the Sequence.',
      messages: {
        maxLength: 'Sequence must be at most 20 characters.',
        invalid: 'Sequence must be a whole number.',
        range: 'Sequence must be a whole number from 1 to 2147483647.',
      },
      // The activity form reads rescoremessage3 when status3 is Success3 (spec 000 section 8).
      unique: {
        message: 'This Sequence Is Already Present!', within: 'activitylevel', unindexed: true,
        answer: { status: 'Failed', status3: 'Success3' }, messageField: 'rescoremessage3',
      },
    },
  ],
  // Activity rows carry their active flag as `status` too (spec 000 section 3).
  activeFields: ['activeStatus', 'status'],
  list: {
    columns: [
      { header: 'Sr.No.', field: 'srno' },
      { header: 'Short Name', field: 'shortname' },
      { header: 'Activity Type', field: 'activityname' },
      { header: 'Sequence', field: 'sequence' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['shortname', 'activityname'],
    orderBy: 'shortname',
    searchMaxLength: 50,
    rowActions: [{ label: 'Parameters', route: '/paramactivity/:id' }],
  },
  endpoints: {
    list: 'getactivity',
    search: 'getSearchForActivityHome',
    byId: 'getactivityById',
    save: 'saveactivity',
    status: 'activitydelstatus',
    lookups: [
      {
        name: 'getAllactivity', fields: ['id', 'shortname', 'activityname', 'activitylevel', 'sequence'], orderBy: 'activityname',
        summary: 'Active activity types (both levels), ordered by name.',
      },
    ],
  },
  routes: { home: '/activityHome', add: '/activity', edit: '/editactivity/:id' },
  // The activity form reads rescoremessage when status2 is Success1 (spec 000 section 8).
  answers: { ...DEFAULT_ANSWERS, duplicate: { ...DEFAULT_ANSWERS.duplicate, status2: 'Success1' } },
};
