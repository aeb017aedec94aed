/**
 * The list screen of a master resource, built from its definition (spec 000 section 2): title, search box
 * with search and refresh, Add, Back to /BlankHomePage, a table with the definition's column headers,
 * ten rows per page, up to seven page links, and per row: edit, the definition's extra actions, and
 * deactivate (active rows, delete icon) or reactivate (inactive rows, reset icon).
 */
import { useEffect, useEffectEvent, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
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
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { MSG } from '../../shared/contract/messages';
import { ACTIVE, RESOURCE_MSG, idNameOf, type ListColumn, type ResourceDef } from '../../shared/resources/types';
import type { RootState } from '../app/store';
import type { Row } from './crud-api';
import { listRequested, selectResourceState, statusRequested } from './crud-slice';
import { ListGrid, type ListGridColumn } from './list-grid';
import { ListSearchBox } from './list-search-box';
import { useRowExtras } from './row-extras';
import { ConfirmDialog } from '../lib/confirm-dialog';
import { notifyError } from '../lib/notifier/notify-slice';
import { useListParams, useSearchBox } from './use-list-params';
import { routeWithId, useResource } from './use-resource';
import { useCan } from './use-can';
import { masterEndpointsOf } from '../../shared/contract/master-endpoints';

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
  // Page and search text are in the URL (reload and Back keep them). The master endpoints answer their
  // pages in a fixed order (srno), so no column sorts.
  const list = useListParams();
  const [text, setText] = useSearchBox(list.searchText);
  const [emptySearchOpen, setEmptySearchOpen] = useState(false);
  // Deactivation takes a record out of every list and dropdown: it is confirmed first (reactivation is not).
  const [deactivating, setDeactivating] = useState<{ id: number; label: string } | null>(null);

  // Opened without a page in the URL (from the menu, or back from a form): the page and search last shown,
  // put into the URL without a history entry (page 1 of the list the first time).
  const [restore] = useState(() => {
    const last = selectResourceState(store.getState(), r.name);
    return list.page === 1 && list.searchText === '' && (last.page > 1 || last.searchText !== '') ? last : null;
  });
  const restoring = useRef(restore);
  const restoreLast = useEffectEvent(() => {
    const last = restoring.current;
    restoring.current = null;
    return last !== null && list.replace({ page: last.page, searchText: last.searchText });
  });

  const load = (page: number, searchText: string) => dispatch(listRequested({ resource: r.name, page, searchText }));
  useEffect(() => {
    // The URL changes, and this effect runs again with it.
    if (restoreLast()) return;
    dispatch(listRequested({ resource: r.name, page: list.page, searchText: list.searchText }));
  }, [dispatch, r.name, list.page, list.searchText]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      if (emptySearchModal) setEmptySearchOpen(true);
      else dispatch(notifyError(RESOURCE_MSG.emptySearch, MSG.oops));
      return;
    }
    // The same search again reloads it (page 1).
    if (!list.setSearchText(text)) load(1, text.trim());
  };
  const onRefresh = () => {
    setText('');
    if (!list.setSearchText('')) load(1, '');
  };

  const rowExtras = useRowExtras();
  // Deactivate and Reactivate are offered only to a user whose role and menu let the call through.
  const can = useCan();
  const statusCall = masterEndpointsOf(r).find((e) => e.role === 'status');
  const mayChangeStatus = statusCall ? can(statusCall) : true;
  const idName = idNameOf(r);
  const activeField = r.activeFields[0];

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
        {!mayChangeStatus ? null : active ? (
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

  const gridColumns: ListGridColumn<Row>[] = columns.map((c) => ({
    field: c.field,
    header: c.header,
    render: c.field === 'action' ? actionsOf : c.value,
    // Sr. No. is narrow; the actions need room for their icons and the status.
    ...(c.field === 'srno' ? { minWidth: 72, flex: 0 } : c.field === 'action' ? { minWidth: 220, flex: 1.5 } : {}),
  }));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {r.title}
        </Typography>
        <Button component={RouterLink} to={LIST_BACK_PATH} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button component={RouterLink} to={r.routes.add} variant="contained" startIcon={<AddIcon />}>
          {addLabel}
        </Button>
      </Box>

      <ListSearchBox id={`${r.name}-search`} text={text} setText={setText} onSearch={onSearch} onRefresh={onRefresh} maxLength={r.list.searchMaxLength} sx={{ mb: 2 }} />

      <ListGrid
        label={r.title}
        columns={gridColumns}
        rows={state.rows}
        rowId={(row) => String(row[idName])}
        loading={state.loading}
        noRowsText={NO_RECORDS}
        // Inactive records are greyed out.
        inactive={(row) => row[activeField] !== ACTIVE}
        paging={{ page: state.page, total: state.total, onPage: list.setPage }}
      />
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
