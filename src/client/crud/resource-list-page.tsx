/**
 * The list screen of a master resource, built from its definition (spec 000 section 2): title, search box
 * with search and refresh, Add, Back to /BlankHomePage, a table with the definition's column headers,
 * ten rows per page, up to seven page links, and per row: edit, the definition's extra actions, and
 * deactivate (active rows, delete icon) or reactivate (inactive rows, reset icon).
 */
import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import { ACTIVE, PAGE_SIZE, RESOURCE_MSG, idNameOf, type ListColumn, type ResourceDef } from '../../shared/resources/types';
import type { RootState } from '../app/store';
import type { Row } from './crud-api';
import { listRequested, searchRequested, selectResourceState, statusRequested } from './crud-slice';
import { PageLinks } from './pagination';
import { useRowExtras } from './row-extras';
import { ConfirmDialog } from '../lib/confirm-dialog';
import { routeWithId, useResource } from './use-resource';

/** Where Back goes from every master list (spec 000 section 2). */
export const LIST_BACK_PATH = '/BlankHomePage';
export const NO_RECORDS = 'No records found.';
export const DEACTIVATE_TEXT = 'It leaves the lists and dropdowns where new records choose it; records that use it keep it. You can reactivate it later. The change is kept in the audit trail.';

export interface ResourceListPageProps {
  resource: ResourceDef;
  /** Text of the add button (the unit-of-measure list says New). */
  addLabel?: string;
  /** Icons of the definition's extra row actions, by label (default: a list icon). */
  rowActionIcons?: Readonly<Record<string, ComponentType>>;
  /** Columns in place of the definition's (a column may compute its text from the row). */
  columns?: readonly ScreenColumn[];
  /** An empty search shows a modal with a Close button instead of an error toast (the employee list). */
  emptySearchModal?: boolean;
  /** Actions of a screen beyond the definition's (e.g. the employee list's password reset), after the status ones. */
  extraRowActions?(row: Row): ReactNode;
}

/** A list column; `value` computes the cell text (e.g. a name joined from several fields). */
export interface ScreenColumn extends ListColumn {
  value?(row: Row): string;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

export function ResourceListPage({
  resource: r,
  addLabel = 'Add',
  rowActionIcons = {},
  columns = r.list.columns,
  emptySearchModal = false,
  extraRowActions,
}: ResourceListPageProps) {
  const state = useResource(r);
  const dispatch = useDispatch();
  const store = useStore<RootState>();
  const [text, setText] = useState(() => selectResourceState(store.getState(), r.name).searchText);
  const [emptySearchOpen, setEmptySearchOpen] = useState(false);
  // Deactivation takes a record out of every list and dropdown: it is confirmed first (reactivation is not).
  const [deactivating, setDeactivating] = useState<{ id: number; label: string } | null>(null);

  // On opening: the page and search last shown (page 1 of the list the first time).
  useEffect(() => {
    const { page, searchText } = selectResourceState(store.getState(), r.name);
    dispatch(listRequested({ resource: r.name, page, searchText }));
  }, [dispatch, store, r.name]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (emptySearchModal && !text.trim()) {
      setEmptySearchOpen(true);
      return;
    }
    dispatch(searchRequested({ resource: r.name, searchText: text }));
  };
  const onRefresh = () => {
    setText('');
    dispatch(listRequested({ resource: r.name, page: 1, searchText: '' }));
  };
  const onPage = (page: number) => dispatch(listRequested({ resource: r.name, page, searchText: state.searchText }));

  const rowExtras = useRowExtras();
  const idName = idNameOf(r);
  const activeField = r.activeFields[0];
  const pageCount = Math.ceil(state.total / PAGE_SIZE);
  const headingId = `${r.name}-list-title`;

  const actionsOf = (row: Row) => {
    const id = row[idName];
    const active = row[activeField] === ACTIVE;
    const label = String(row[r.list.searchFields[0]] ?? id);
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexWrap: 'nowrap' }}>
        <IconButton size="small" aria-label="Edit" title="Edit" component={RouterLink} to={routeWithId(r.routes.edit, id)}>
          <EditIcon fontSize="small" />
        </IconButton>
        {(r.list.rowActions ?? []).map((a) => {
          const Icon = rowActionIcons[a.label] ?? ListAltIcon;
          return (
            <IconButton key={a.label} size="small" aria-label={a.label} title={a.label} component={RouterLink} to={routeWithId(a.route, id)}>
              <Icon />
            </IconButton>
          );
        })}
        {active ? (
          <IconButton
            size="small"
            aria-label="Deactivate"
            title="Deactivate"
            color="error"
            disabled={state.statusPending}
            onClick={() => setDeactivating({ id: Number(id), label })}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ) : (
          <IconButton
            size="small"
            aria-label="Reactivate"
            title="Reactivate"
            color="primary"
            disabled={state.statusPending}
            onClick={() => dispatch(statusRequested({ resource: r.name, id: Number(id), activeStatus: 'Y' }))}
          >
            <RestartAltIcon fontSize="small" />
          </IconButton>
        )}
        {extraRowActions?.(row)}
        {rowExtras?.({ entity: r.entity ?? r.table, id: String(id), label })}
        <Chip
          size="small"
          variant="outlined"
          label={active ? 'Active' : 'Inactive'}
          color={active ? 'success' : 'default'}
          data-testid="row-status"
          sx={{ ml: 0.5 }}
        />
      </Box>
    );
  };

  const cell = (row: Row, c: ScreenColumn) => (c.field === 'action' ? actionsOf(row) : c.value ? c.value(row) : cellText(row[c.field]));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {r.title}
        </Typography>
        <Button component={RouterLink} to={LIST_BACK_PATH} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button component={RouterLink} to={r.routes.add} variant="contained" startIcon={<AddIcon />}>
          {addLabel}
        </Button>
      </Box>

      <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, maxWidth: 560 }}>
        <TextField
          id={`${r.name}-search`}
          label="Search Text"
          size="small"
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: r.list.searchMaxLength } }}
        />
        <IconButton type="submit" aria-label="Search" title="Search" color="primary">
          <SearchIcon />
        </IconButton>
        <IconButton aria-label="Refresh" title="Refresh" onClick={onRefresh}>
          <RefreshIcon />
        </IconButton>
      </Box>

      <Box sx={{ height: 4 }}>{state.loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.field} sx={{ fontWeight: 600 }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {state.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>
                  {state.loading ? '' : NO_RECORDS}
                </TableCell>
              </TableRow>
            ) : (
              state.rows.map((row, i) => (
                <TableRow
                  key={String(row[idName] ?? i)}
                  hover
                  data-active={row[activeField] === ACTIVE ? 'true' : 'false'}
                  sx={row[activeField] === ACTIVE ? undefined : { '& td': { color: 'text.disabled' } }}
                >
                  {columns.map((c) => (
                    <TableCell key={c.field}>{cell(row, c)}</TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="list-total">
          {state.total > 0 ? `Page ${state.page} of ${pageCount} (${state.total} records)` : ''}
        </Typography>
        <PageLinks page={state.page} pageCount={pageCount} onPage={onPage} disabled={state.loading} />
      </Box>
      {emptySearchModal ? (
        <Dialog open={emptySearchOpen} onClose={() => setEmptySearchOpen(false)} aria-labelledby={`${r.name}-empty-search`}>
          <DialogTitle id={`${r.name}-empty-search`}>{RESOURCE_MSG.emptySearch}</DialogTitle>
          <DialogContent />
          <DialogActions>
            <Button onClick={() => setEmptySearchOpen(false)} autoFocus>
              Close
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
      <ConfirmDialog open={deactivating !== null} destructive title={`Deactivate ${deactivating?.label ?? ''}?`} confirmLabel="Deactivate"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (deactivating) dispatch(statusRequested({ resource: r.name, id: deactivating.id, activeStatus: 'N' }));
          setDeactivating(null);
        }}>
        {DEACTIVATE_TEXT}
      </ConfirmDialog>
    </Paper>
  );
}
