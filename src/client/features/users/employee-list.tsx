/**
 * The employee list (spec 000 section 2): the generic list of the employee definition, with one Name
 * column (first, middle, last), the status message, and an empty search answered by a modal.
 */
import { employee } from '../../../shared/resources';
import { ResourceListPage, type Row, type ScreenColumn } from '../../crud';
import { ApproverWarning } from './approver-warning';

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** First, middle and last name, blanks left out. */
export const fullName = (row: Row): string =>
  [row.firstname, row.middlename, row.lastname].map(text).filter(Boolean).join(' ');

export const EMPLOYEE_COLUMNS: readonly ScreenColumn[] = [
  { header: 'Code', field: 'employeecode' },
  { header: 'Name', field: 'firstname', value: fullName },
  { header: 'Status', field: 'msg' },
  { header: 'Action', field: 'action' },
];

export default function EmployeeList() {
  return (
    <>
      <ApproverWarning />
      <ResourceListPage resource={employee} columns={EMPLOYEE_COLUMNS} emptySearchModal />
    </>
  );
}
