/**
 * All Records (showallrecords; spec 001 names only the route, under Search in the default menu). What lab
 * staff expect from it, decided here:
 * - Every record of the lab in one table: one row per Sample No.-V (one isolate of an active sample), the
 *   microbe search (searchData) with no filter, a page plus the total, oldest isolate first (the server's order).
 * - Columns: Sr. No., Sample No.-V, Sample Code (the Sample No.-V without its '-n' version), Isolate Code,
 *   Plant Assessment Code (N/A when the isolate has none), then the parameters the server answers for an
 *   unfiltered search (Microbe, Genus, Species), then Action with Show. The request also names a wider default
 *   set (DEFAULT_COLUMNS) as parameterList; the server does not read it yet (see the report of this change),
 *   and whatever columns the answer carries are shown.
 * - The table is the search screen's (results-table): every column sorts by click, numbers as numbers, N/A last;
 *   the sort orders the rows of the page shown (the server pages in its own order). Rows per page: 10 (the
 *   lists' default), 25, 50 or 100 (the server's maximum).
 * - Search: one filter at a time over any searchable parameter (sample inward, identification, Level 1 and
 *   Level 2 parameters), with the search screen's filter row (text contains, dropdown equals, number
 *   comparison, date range). An incomplete filter: 'Please Check All fields Again!' (Oops) and no call. The
 *   remove icon or Refresh goes back to every record.
 * - Show opens the search screen's 'Detailed Records for: {sample}' modal (Print, Open PDF; Cancel goes to
 *   homepage as there). The Excel icon exports what the table lists (every page, the applied filter) as data.csv.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import GridOnIcon from '@mui/icons-material/GridOn';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  SEARCH_ENDPOINTS as E, SEARCH_MSG, SEARCH_PAGE_SIZE, type FilterRow, type SampleLookup, type SearchAnswer, type SearchParameterSet, type SearchResultItem,
} from '../../../shared/contract/search-endpoints';
import type { RootState } from '../../app/store';
import { PageLinks } from '../../crud/pagination';
import { useQuery } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';
import { useAllRecordsExport } from './all-records-export';
import { FilterRowView } from './filter-row';
import { RecordDialog } from './record-dialog';
import { COUNTING, ResultsTable, formatTotal, totalForPaging } from './results-table';
import { searchDataBody } from './search-bodies';
import { newRow, toInputList, type FilterRowState } from './search-model';

export const ALL_RECORDS_TITLE = 'All Records';
export const ALL_RECORDS_PAGE_SIZES = [SEARCH_PAGE_SIZE, 25, 50, 100] as const;
/** The parameters an unfiltered list would best show (sample inward, then identification). */
export const DEFAULT_COLUMNS = ['State Of India', 'District', 'Soil type', 'Agroclimatic zone', 'Microbe', 'Genus', 'Species'];

/** 'SC000012-3' -> 'SC000012': a Sample No.-V is its sample code and a version. */
export const sampleCodeOf = (samplenov: string) => samplenov.replace(/-\d+$/, '');

/** The row as the results table shows it: the codes first, then the parameters of the answer. */
const withCodes = (r: SearchResultItem): SearchResultItem => ({
  ...r,
  parameterList: [
    { parameterName: 'Sample Code', input: sampleCodeOf(r.samplenov), updatedinputnum: null },
    { parameterName: 'Isolate Code', input: r.isolatecode || null, updatedinputnum: null },
    { parameterName: 'Plant Assessment Code', input: r.pncode || null, updatedinputnum: null },
    ...r.parameterList,
  ],
});

const selectUserId = (state: RootState) => state.session.user?.id ?? null;
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A page of records: asked for, or shown with its answer. */
interface Asked { page: number; pageSize: number; inputList: FilterRow[] }
interface Shown extends Asked { answer: SearchAnswer | null }
const RECORDS_FAILED = 'The records could not be loaded.';

export default function AllRecordsPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const userID = useSelector(selectUserId);
  const [asked, setAsked] = useState<Asked>({ page: 1, pageSize: SEARCH_PAGE_SIZE, inputList: [] });
  const setsQuery = useQuery<SearchParameterSet[]>(E.getSearchParameterSets, {}, {
    key: 'allRecords:sets', failureText: 'The search parameters could not be loaded.', failureTitle: SEARCH_MSG.oops,
  });
  const sets = useMemo(() => (Array.isArray(setsQuery.data) ? setsQuery.data : []), [setsQuery.data]);
  const [filter, setFilter] = useState<FilterRowState | null>(null);
  /** The record opened with Show (its dialog is open until closed, or until it could not be loaded). */
  const [opened, setOpened] = useState<string | null>(null);
  const recordQuery = useQuery<SampleLookup>(opened === null ? null : E.postSearchmicBySamplenov, { samplenov: opened }, {
    key: 'allRecords:record', failureText: 'The record could not be loaded.', failureTitle: SEARCH_MSG.oops, reasonFirst: true,
  });
  const record = opened === null || recordQuery.failed ? null
    : { samplenov: opened, data: recordQuery.entry?.status === 'succeeded' ? (recordQuery.data ?? null) : null };
  const { exporting, start: startExport } = useAllRecordsExport();

  // The page asked for; a newer request replaces an older one, so the answer shown is the last page asked for.
  const results = useQuery<SearchAnswer>(
    E.searchData,
    searchDataBody({ userID, parameterList: DEFAULT_COLUMNS, inputList: asked.inputList, pageno: asked.page, pageSize: asked.pageSize }),
    { key: 'allRecords:page', failureText: RECORDS_FAILED, failureTitle: SEARCH_MSG.oops },
  );
  const loading = results.loading || results.entry?.status === 'pending';
  // The answer on screen stays with the page it was asked for until the next answer arrives.
  const [settled, setSettled] = useState<{ requestId: string | null; asked: Asked }>({ requestId: null, asked });
  const { entry } = results;
  if (entry?.status === 'succeeded' && entry.requestId !== settled.requestId) setSettled({ requestId: entry.requestId, asked });
  const answer = results.data && Array.isArray(results.data.results) ? results.data : null;
  const shown: Shown = { ...settled.asked, answer };

  /**
   * A capped total ("200+"): the exact number, once per set of filters. Pages of the same filters keep it (or
   * the count still running for them); a fresh load (Search, Refresh) counts again, the records may have changed.
   */
  const filtersKey = JSON.stringify(shown.inputList);
  const capped = Boolean(answer?.totalIsLowerBound);
  const counted = useQuery<{ totalItems?: unknown }>(capped ? E.countSearchData : null, { inputList: shown.inputList }, { key: `allRecords:count:${filtersKey}` });
  const countedTotal = Number(counted.data?.totalItems);
  const exact = capped && counted.entry?.status === 'succeeded' && Number.isSafeInteger(countedTotal) && countedTotal >= 0 ? countedTotal : null;
  // A failed count leaves the capped total; the page itself is fine.
  const counting = capped && counted.entry?.status === 'pending';

  /** `fresh`: Search and Refresh (count again); paging and rows per page keep the count. Asks even for the same page. */
  const load = (page: number, pageSize: number, inputList: FilterRow[], fresh = false) => {
    setAsked({ page, pageSize, inputList });
    results.reload();
    if (fresh) counted.reload();
  };

  const parameters = useMemo(() => sets.flatMap((s) => s.parameters), [sets]);
  const chooseParameter = (key: string) => {
    const p = parameters.find((x) => x.key === key);
    setFilter(p ? newRow(p) : null);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    const inputList = filter ? toInputList([filter]) : [];
    if (!inputList) {
      dispatch(notifyError(SEARCH_MSG.checkFields, SEARCH_MSG.oops));
      return;
    }
    load(1, shown.pageSize, inputList, true);
  };
  const everything = () => {
    setFilter(null);
    load(1, shown.pageSize, [], true);
  };

  const show = (samplenov: string) => setOpened(samplenov);

  const exportCsv = () => startExport(shown.inputList);

  const total = answer ? totalForPaging(answer, exact) : 0;
  const totalText = answer ? formatTotal(answer, exact) : '';
  const rows = useMemo(() => (answer ? answer.results.map(withCodes) : []), [answer]);
  const filtered = shown.inputList[0];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flex: 1 }}>{ALL_RECORDS_TITLE}</Typography>
        {exporting && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 200 }}>
            <LinearProgress sx={{ flex: 1 }} aria-label="Exporting" />
            <Typography variant="caption">{exporting.bytes ? kb(exporting.bytes) : 'Preparing...'}</Typography>
          </Box>
        )}
        <Tooltip title="Export to Excel (data.csv)">
          <span>
            <IconButton aria-label="Export data.csv" color="success" onClick={exportCsv} disabled={Boolean(exporting) || total === 0}>
              <GridOnIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh" onClick={everything}><RefreshIcon /></IconButton>
        </Tooltip>
      </Box>

      <Box component="form" role="search" aria-label="Search the records" onSubmit={search}
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <TextField
          select label="Search by" size="small" value={filter?.key ?? ''} sx={{ minWidth: 260 }}
          onChange={(e) => chooseParameter(e.target.value)} disabled={sets.length === 0}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose a parameter</option>
          {sets.map((s) => (
            <optgroup key={s.key} label={s.level === 'Level 1' || s.level === 'Level 2' ? `${s.label} (${s.level})` : s.label}>
              {s.parameters.map((p) => <option key={p.key} value={p.key}>{p.parameterName}</option>)}
            </optgroup>
          ))}
        </TextField>
        {filter && (
          <Box sx={{ flex: '0 1 auto' }}>
            <FilterRowView row={filter} onChange={(patch) => setFilter((f) => (f ? { ...f, ...patch } : f))} onRemove={everything} />
          </Box>
        )}
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={loading || !filter}>Search</Button>
      </Box>

      {loading && <LinearProgress aria-label="Loading" sx={{ mb: 1 }} />}
      {answer && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }} aria-live="polite">
            {total === 0 ? SEARCH_MSG.noData
              : `${filtered ? `${totalText} of the records match ${filtered.parameterName}: ${filtered.inputValue}` : `${totalText} ${totalText === '1' ? 'record' : 'records'}`}${counting ? COUNTING : ''}`}
          </Typography>
          <ResultsTable key={`${shown.page}:${shown.pageSize}:${total}`} results={rows} onShow={show} />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <TextField
              select label="Rows per page" size="small" value={shown.pageSize} sx={{ width: 140 }}
              onChange={(e) => load(1, Number(e.target.value), shown.inputList)} slotProps={{ select: { native: true } }}
            >
              {ALL_RECORDS_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            </TextField>
            <PageLinks page={shown.page} pageCount={Math.ceil(total / shown.pageSize)} onPage={(p) => load(p, shown.pageSize, shown.inputList)} disabled={loading} />
          </Box>
        </>
      )}

      {record && (
        <RecordDialog
          samplenov={record.samplenov} record={record.data} loading={!record.data}
          onClose={() => setOpened(null)}
          onCancel={() => { setOpened(null); void navigate('/homepage'); }}
        />
      )}
    </Paper>
  );
}
