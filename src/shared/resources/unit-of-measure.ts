import { DEFAULT_ANSWERS, type ResourceDef } from './types';

/** Units of measure (spec 000 sections 2, 3, 4, 5, 7, 9). */
export const unitOfMeasure: ResourceDef = {
  name: 'unitOfMeasure',
  table: 'unit_of_measure',
  title: 'Unit Of Measure',
  fields: [
    {
      name: 'code', column: 'code', label: 'UOM Code', kind: 'text', maxLength: 5,
      required: 'Please select Code',
      messages: { maxLength: 'Please select Code' },
      unique: { message: 'UOM Code Already Exists!' },
    },
    {
      name: 'unitmeasure', column: 'name', label: 'Unit Of Measure', kind: 'text', maxLength: 50,
      required: 'Please Enter Unit Of Measure!',
      messages: { maxLength: 'Please Enter Unit Of Measure!' },
    },
    {
      // One of five checkboxes; ticking the selected one again clears it (spec 000 section 4).
      name: 'unittype', column: 'unit_type', label: 'Type', title: 'Unit Type', kind: 'choice',
      required: 'Please Select One Checkbox',
      messages: { invalid: 'Please Select One Checkbox' },
      options: [
        { value: 'C', label: 'Character (A-Z)', name: 'Character' },
        { value: 'F', label: 'Decimal (00.0)', name: 'Decimal' },
        { value: 'N', label: 'Integer (+/-)', name: 'Integer' },
        { value: 'D', label: 'Date (DD/MM/YYYY)', name: 'Date' },
        { value: 'B', label: 'Boolean (1/0)', name: 'Boolean' },
      ],
    },
  ],
  derived: [{ name: 'unittypename', kind: 'optionName', of: 'unittype' }],
  activeFields: ['activeStatus'],
  list: {
    // The spec names no columns for this list; these follow the form.
    columns: [
      { header: 'Sr.No.', field: 'srno' },
      { header: 'UOM Code', field: 'code' },
      { header: 'Unit Of Measure', field: 'unitmeasure' },
      { header: 'Type', field: 'unittypename' },
      { header: 'Action', field: 'action' },
    ],
    searchFields: ['code', 'unitmeasure'],
    orderBy: 'code',
    searchMaxLength: 50,
  },
  endpoints: {
    list: 'getunitofmeasure',
    search: 'getSearchForUnitOfMeasur',
    byId: 'getunitofmesureById',
    save: 'saveunitofmeasure',
    status: 'unitmesuredelstatus',
  },
  routes: { home: '/UnitMeasureHome', add: '/UnitMeasure', edit: '/EditUnitMeasure/:id' },
  answers: DEFAULT_ANSWERS,
};
