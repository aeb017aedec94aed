/**
 * ActivityTransactionHome(/{sum}) and level2activityHome(/{sum}) (spec 001 sections 2 and 4): search with a
 * spinner (empty text: 'Please Enter Some Text To Search!', title OOPS, no call), refresh, Add only with the
 * stored flag add, the table (Sr. No., Sample Code, Isolate Code, [Plant Assessment Code,] Action) ten per
 * page. The action icon's colour shows the approval status (none black, S orange, R red, A green) and opens
 * the parameter screen; the virus icon (flag microbe, Level 1) opens microbe identification. A "Waiting for
 * my approval" tab (?queue=1) lists the managers' queue.
 */
import { useEffect, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CoronavirusIcon from '@mui/icons-material/Coronavirus';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { ACTIVITY_PAGE_SIZE, type ActivityLevel, type ActivityListRow } from '../../../shared/contract/activity-endpoints';
import { MSG } from '../../../shared/contract/messages';
import { STATUS_COLOUR, toClientStatus } from '../../../shared/workflow';
import { AmendedChip } from './amended-chip';
import type { RootState } from '../../app/store';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { useExactTotal } from '../../crud/use-exact-total';
import { listParamNames, useListParams, useSearchBox, writeListParams } from '../../crud/use-list-params';
import { notifyError } from '../../lib/notifier/notify-slice';
import { ISOLATE_PATH, LEVEL2_ENTRY, QUEUE_QUERY, homeOf, listEndpoint, microbeIdentificationPath, paramScreenPath } from './activity-paths';
import { listRequested, selectList } from './activity-slice';
import { ApprovalQueue } from './approval-queue';
import { useActivitiesSaga, useSessionFlags } from './use-activities';

export const NO_RECORDS = 'No records found';
export const EMPTY_SEARCH = 'Please Enter Some Text To Search!';

/** The approval status in words, shown beside its colour (colour alone is not read by everyone). */
export const STATUS_LABEL = { Y: 'Not submitted', S: 'Submitted', R: 'Reverted', A: 'Approved' } as const;

const pageOf = (sum: string | undefined): number => {
  const n = Number(sum);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function ActivityActions({ level, row: r, page }: { level: ActivityLevel; row: ActivityListRow; page: number }) {
  const flags = useSessionFlags();
  const level2 = level === 'Level 2';
  const status = r.status ?? toClientStatus(r.approvalStatus);
  return (
    // Wraps under the icons in a narrow column (a phone), so the icons stay in view.
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5 }}>
      <IconButton
        size="small"
        aria-label={`Open activities of ${r.isolatecode}${level2 ? ` ${r.pncode ?? ''}` : ''}: ${STATUS_LABEL[status]}`}
        title={STATUS_LABEL[status]}
        data-status={status}
        disabled={r.actid === null}
        component={RouterLink}
        to={r.actid === null ? '#' : paramScreenPath({ actid: r.actid, level, samplenov: r.samplenov, sampleno: r.sampleno, pncode: r.pncode, pageno: page })}
        sx={{ color: STATUS_COLOUR[status] }}
      >
        <AssignmentIcon fontSize="small" />
      </IconButton>
      {flags.microbe && !level2 && (
        <IconButton size="small" aria-label={`Microbe identification of ${r.isolatecode}`} title="Microbe Identification"
          component={RouterLink} to={microbeIdentificationPath(r.id, r.samplenov, page)}>
          <CoronavirusIcon fontSize="small" />
        </IconButton>
      )}
      <Typography variant="body2" component="span" data-testid="activity-status" sx={{ color: 'text.secondary' }}>
        {STATUS_LABEL[status]}
      </Typography>
      {r.amended ? <AmendedChip /> : null}
    </Box>
  );
}

/** The list's columns (spec titles); the endpoint answers its pages in a fixed order (Sr. No.), so none sorts. */
function activityColumns(level: ActivityLevel, page: number): ListGridColumn<ActivityListRow>[] {
  // Narrow minimum widths: at 320 CSS px the four Level 1 columns fit without a sideways scroll (the
  // action column holds its two icons; the status text wraps under them).
  return [
    { field: 'srno', header: 'Sr. No.', minWidth: 52, flex: 0 },
    { field: 'samplenov', header: 'Sample Code', minWidth: 60 },
    { field: 'isolatecode', header: 'Isolate Code', minWidth: 60 },
    ...(level === 'Level 2' ? [{ field: 'pncode', header: 'Plant Assessment Code', minWidth: 60 }] : []),
    { field: 'action', header: 'Action', minWidth: 80, flex: 1.5, render: (row: ActivityListRow) => <ActivityActions level={level} row={row} page={page} /> },
  ];
}

function ActivityList({ level }: { level: ActivityLevel }) {
  const dispatch = useDispatch();
  const list = useSelector((s: RootState) => selectList(s, level));
  // Page and search text are in the URL: reload and Back keep them.
  const params = useListParams();
  const [text, setText] = useSearchBox(params.searchText);
  const level2 = level === 'Level 2';

  const load = (page: number, searchText: string) => dispatch(listRequested({ level, page, searchText: searchText || undefined }));
  useEffect(() => {
    dispatch(listRequested({ level, page: params.page, searchText: params.searchText || undefined }));
  }, [dispatch, level, params.page, params.searchText]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') {
      dispatch(notifyError(EMPTY_SEARCH, MSG.oops));
      return;
    }
    if (!params.setSearchText(text)) load(1, text.trim());
  };
  const searching = list.loading && list.searchText !== '';
  // A search's total above the cap ("200+") is asked for exactly, for the page on screen, in the background.
  const { answered } = list;
  const shown = answered && answered.searchText
    ? { endpoint: listEndpoint(level, true), body: { pageno: answered.page, searchText: answered.searchText }, answer: String(answered.answer) }
    : null;
  const { total, totalIsLowerBound, counting } = useExactTotal(shown, list.rows, `activities:${level}:list`);

  return (
    <>
      <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, maxWidth: 560 }}>
        <TextField id={`${level2 ? 'level2' : 'level1'}-search`} label="Search Text" size="small" fullWidth value={text} onChange={(e) => setText(e.target.value)} />
        <IconButton type="submit" aria-label="Search" title="Search" color="primary" disabled={list.loading}>
          {searching ? <CircularProgress size={20} aria-label="Searching" /> : <SearchIcon />}
        </IconButton>
        <IconButton aria-label="Refresh" title="Refresh" onClick={() => {
          setText('');
          if (!params.setSearchText('')) load(1, '');
        }}>
          <RefreshIcon />
        </IconButton>
      </Box>
      <ListGrid
        label={`${level} activities`}
        columns={activityColumns(level, list.page)}
        rows={list.rows}
        rowId={(r) => r.id}
        loading={list.loading || !list.loaded}
        noRowsText={NO_RECORDS}
        paging={{ page: list.page, total, totalIsLowerBound, counting, pageSize: ACTIVITY_PAGE_SIZE, onPage: params.setPage }}
      />
    </>
  );
}

export default function ActivityListPage({ level }: { level: ActivityLevel }) {
  useActivitiesSaga();
  const flags = useSessionFlags();
  const { sum } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queue = params.get(QUEUE_QUERY) === '1';
  const title = `${level} Activity`;

  // The spec's address with the page in the path (ActivityTransactionHome/3, where a parameter screen
  // returns to) becomes the list's address with the page in the query, where paging keeps it.
  if (sum !== undefined) {
    const search = writeListParams(params, { page: pageOf(sum), searchText: '', sort: null }, listParamNames()).toString();
    return <Navigate replace to={{ pathname: homeOf(level), search: search ? `?${search}` : '' }} />;
  }

  return (
    <Box sx={{ p: { xs: 0.5, sm: 2 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>{title}</Typography>
          {flags.add && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(level === 'Level 1' ? ISOLATE_PATH : LEVEL2_ENTRY)}>
              Add
            </Button>
          )}
        </Box>
        <Tabs variant="scrollable" scrollButtons={false} value={queue ? 1 : 0} onChange={(_e, v) => setParams(v === 1 ? { [QUEUE_QUERY]: '1' } : {})} sx={{ mb: 2 }}>
          <Tab label="All" />
          <Tab label="Waiting for my approval" />
        </Tabs>
        {queue ? <ApprovalQueue level={level} /> : <ActivityList level={level} />}
      </Paper>
    </Box>
  );
}
