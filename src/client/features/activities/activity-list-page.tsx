/**
 * ActivityTransactionHome(/{sum}) and level2activityHome(/{sum}) (spec 001 sections 2 and 4): search with a
 * spinner (empty text: 'Please Enter Some Text To Search!', title OOPS, no call), refresh, Add only with the
 * stored flag add, the table (Sr. No., Sample Code, Isolate Code, [Plant Assessment Code,] Action) ten per
 * page. The action icon's colour shows the approval status (none black, S orange, R red, A green) and opens
 * the parameter screen; the virus icon (flag microbe, Level 1) opens microbe identification. A "Waiting for
 * my approval" tab (?queue=1) lists the managers' queue.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
import { PageLinks } from '../../crud/pagination';
import { notifyError } from '../../lib/notifier/notify-slice';
import { ISOLATE_PATH, LEVEL2_ENTRY, QUEUE_QUERY, microbeIdentificationPath, paramScreenPath } from './activity-paths';
import { listRequested, selectList } from './activity-slice';
import { ApprovalQueue } from './approval-queue';
import { useActivitiesSaga, useSessionFlags } from './use-activities';

export const NO_RECORDS = 'No records found';
export const EMPTY_SEARCH = 'Please Enter Some Text To Search!';

const STATUS_LABEL = { Y: 'Not submitted', S: 'Submitted', R: 'Reverted', A: 'Approved' } as const;

const pageOf = (sum: string | undefined): number => {
  const n = Number(sum);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function ActivityRows({ level, rows, page }: { level: ActivityLevel; rows: ActivityListRow[]; page: number }) {
  const flags = useSessionFlags();
  const level2 = level === 'Level 2';
  return (
    <>
      {rows.map((r) => {
        const status = r.status ?? toClientStatus(r.approvalStatus);
        const colour = STATUS_COLOUR[status];
        return (
          <TableRow key={r.id} hover>
            <TableCell>{r.srno}</TableCell>
            <TableCell>{r.samplenov}</TableCell>
            <TableCell>{r.isolatecode}</TableCell>
            {level2 && <TableCell>{r.pncode}</TableCell>}
            <TableCell>
              <IconButton
                size="small"
                aria-label={`Open activities of ${r.isolatecode}${level2 ? ` ${r.pncode ?? ''}` : ''}: ${STATUS_LABEL[status]}`}
                title={STATUS_LABEL[status]}
                data-status={status}
                disabled={r.actid === null}
                component={RouterLink}
                to={r.actid === null ? '#' : paramScreenPath({ actid: r.actid, level, samplenov: r.samplenov, sampleno: r.sampleno, pncode: r.pncode, pageno: page })}
                sx={{ color: colour }}
              >
                <AssignmentIcon fontSize="small" />
              </IconButton>
              {flags.microbe && !level2 && (
                <IconButton size="small" aria-label={`Microbe identification of ${r.isolatecode}`} title="Microbe Identification"
                  component={RouterLink} to={microbeIdentificationPath(r.id, r.samplenov, page)}>
                  <CoronavirusIcon fontSize="small" />
                </IconButton>
              )}
              {r.amended ? <AmendedChip /> : null}
            </TableCell>
          </TableRow>
        );
      })}
    </>
  );
}

function ActivityList({ level, initialPage }: { level: ActivityLevel; initialPage: number }) {
  const dispatch = useDispatch();
  const list = useSelector((s: RootState) => selectList(s, level));
  const [text, setText] = useState('');
  const level2 = level === 'Level 2';

  useEffect(() => {
    dispatch(listRequested({ level, page: initialPage }));
  }, [dispatch, level, initialPage]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') {
      dispatch(notifyError(EMPTY_SEARCH, MSG.oops));
      return;
    }
    dispatch(listRequested({ level, page: 1, searchText: text.trim() }));
  };
  const pageCount = Math.ceil(list.total / ACTIVITY_PAGE_SIZE);
  const columns = ['Sr. No.', 'Sample Code', 'Isolate Code', ...(level2 ? ['Plant Assessment Code'] : []), 'Action'];
  const searching = list.loading && list.searchText !== '';

  return (
    <>
      <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, maxWidth: 560 }}>
        <TextField id={`${level2 ? 'level2' : 'level1'}-search`} label="Search Text" size="small" fullWidth value={text} onChange={(e) => setText(e.target.value)} />
        <IconButton type="submit" aria-label="Search" title="Search" color="primary" disabled={list.loading}>
          {searching ? <CircularProgress size={20} aria-label="Searching" /> : <SearchIcon />}
        </IconButton>
        <IconButton aria-label="Refresh" title="Refresh" onClick={() => {
          setText('');
          dispatch(listRequested({ level, page: 1 }));
        }}>
          <RefreshIcon />
        </IconButton>
      </Box>
      <Box sx={{ height: 4 }}>{list.loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <Table size="small" aria-label={`${level} activities`}>
        <TableHead>
          <TableRow>{columns.map((c) => <TableCell key={c} sx={{ fontWeight: 600 }}>{c}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>{list.loaded && !list.loading ? NO_RECORDS : ''}</TableCell>
            </TableRow>
          ) : (
            <ActivityRows level={level} rows={list.rows} page={list.page} />
          )}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="list-total">
          {list.total > 0 ? `Page ${list.page} of ${pageCount} (${list.total} records)` : ''}
        </Typography>
        <PageLinks page={list.page} pageCount={pageCount} disabled={list.loading}
          onPage={(p) => dispatch(listRequested({ level, page: p, searchText: list.searchText }))} />
      </Box>
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

  return (
    <Box sx={{ p: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>{title}</Typography>
          {flags.add && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(level === 'Level 1' ? ISOLATE_PATH : LEVEL2_ENTRY)}>
              Add
            </Button>
          )}
        </Box>
        <Tabs value={queue ? 1 : 0} onChange={(_e, v) => setParams(v === 1 ? { [QUEUE_QUERY]: '1' } : {})} sx={{ mb: 2 }}>
          <Tab label="All" />
          <Tab label="Waiting for my approval" />
        </Tabs>
        {queue ? <ApprovalQueue level={level} /> : <ActivityList level={level} initialPage={pageOf(sum)} />}
      </Paper>
    </Box>
  );
}
