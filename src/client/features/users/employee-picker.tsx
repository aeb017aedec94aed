/**
 * /userActivityAccess without an employee: pick the employee first (spec 000 lists the route with and
 * without an id). The first page of the employee list is offered at once; typing searches it with the
 * list's own search call. Choosing one opens /userActivityAccess/{id}.
 */
import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../shared/contract/messages';
import { employee } from '../../../shared/resources';
import type { Row } from '../../crud/crud-api';
import { useQuery } from '../../crud/use-request';
import { navigateTo } from '../../lib/navigation/navigation';
import { accessPathOf } from './access-path';
import { fullName } from './employee-list';

export const PICK_EMPLOYEE = 'Choose the employee whose activity access you want to set.';
export const EMPLOYEES_FAILED = 'The employees could not be loaded.';

interface Option { id: number; label: string }

const optionOf = (r: Row): Option => ({ id: Number(r.resourceID), label: `${String(r.employeecode ?? '')} ${fullName(r)}`.trim() });

export function EmployeePicker() {
  const dispatch = useDispatch();
  const [text, setText] = useState('');
  const typed = text.trim();
  // One key for both calls: a newer text replaces the answer of an older one.
  const found = useQuery<Row[]>(
    { group: 'master', name: typed ? employee.endpoints.search : employee.endpoints.list },
    { pageno: 1, ...(typed ? { searchText: typed } : {}) },
    { key: 'users/employee-picker', failureText: EMPLOYEES_FAILED, failureTitle: MSG.oops },
  ).data;
  const options = useMemo(() => (Array.isArray(found) ? found : []).filter((r) => r.activeStatus !== 'N').map(optionOf), [found]);

  return (
    <>
      <Typography sx={{ mb: 2 }}>{PICK_EMPLOYEE}</Typography>
      <Autocomplete
        options={options}
        filterOptions={(x) => x}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        inputValue={text}
        onInputChange={(_e, v, reason) => reason !== 'reset' && setText(v)}
        onChange={(_e, o) => o && dispatch(navigateTo(accessPathOf(o.id)))}
        sx={{ maxWidth: 480 }}
        renderInput={(params) => <TextField {...params} label="Employee" size="small" helperText="Type a code or a name to search." />}
      />
    </>
  );
}
