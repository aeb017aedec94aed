import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** Common master types; their entries (with dependencies) are a resource of their own (spec 000 sections 2, 3, 5, 7, 9). */
export const commonMasterType: ResourceDef = {
  name: 'commonMasterType',
  table: 'common_master_type',
  title: 'Common Master Type',
  fields: [
    {
      name: 'code', column: 'code', label: 'Code', title: 'Master Type Code', kind: 'text', maxLength: 7,
      required: 'Please Enter Code!',
      messages: { maxLength: 'Please Enter Code!' },
      unique: { message: 'Master Type Code Already Exists!' },
    },
    {
      name: 'type', column: 'type', label: 'Type', title: 'Master Type', kind: 'text', maxLength: 50,
      required: 'Please Enter Type!',
      messages: { maxLength: 'Please Enter Type!' },
    },
  ],
  activeFields: ['activeStatus'],
  list: {
    columns: [
      { header: 'Code', field: 'code' },
      { header: 'Type', field: 'type' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['code', 'type'],
    orderBy: 'code',
    searchMaxLength: 50,
    rowActions: [{ label: 'Entries', route: '/CommonMasterEntry/:id' }],
  },
  endpoints: {
    list: 'getCommasterType',
    // The spec's type list has no search box and names no search call; ours is for other clients.
    search: 'getSearchForCommasterType',
    byId: 'getcommasterTypeByID',
    save: 'savecommonmastertype',
    status: 'changeStatusForCommonMasterType',
    aliases: { byId: ['getmasterttypeByID'] },
    notInSpec: ['search'],
    lookups: [
      {
        name: 'getCommasterTypefordropdown', fields: ['id', 'code', 'type'], orderBy: 'type',
        summary: 'Active common master types for drop-downs, ordered by type.',
      },
      {
        name: 'getCommasterTypefordependacy', fields: ['id', 'code', 'type'], orderBy: 'type',
        summary: 'Active common master types for the dependency select of the entries screen, ordered by type.',
      },
    ],
  },
  routes: { home: '/CommonMasterTypeHome', add: '/CommonMasterType', edit: '/EditCommonMasterType/:id' },
  answers: DEFAULT_ANSWERS,
};
