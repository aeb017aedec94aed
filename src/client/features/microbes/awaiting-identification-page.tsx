/**
 * MicrobeIdentification opened from its menu entry (no isolate in the address): the isolates that have no
 * microbe identification yet, newest first, ten a page, with a search over sample code, sample code version
 * and isolate code. Identify opens the spec's identification screen of the isolate, whose Back returns here
 * to the same page. Not a screen of the spec (its screen needs an isolate): the list makes the menu entry useful.
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { AwaitingIdentificationRow } from '../../../shared/contract/microbe-endpoints';
import { formatUtcDateTime } from '../../../shared/format/date-time';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { ListSearchBox } from '../../crud/list-search-box';
import { usePagedSearch } from '../../crud/use-paged-search';
import { MICROBE_CALLS, identificationPath } from './microbe-calls';
import { IDENTIFICATION_TITLE } from './identification-page';

export const AWAITING_HEADING = 'Isolates awaiting identification';
export const NONE_AWAITING = 'Every isolate has its microbe identification.';
export const EMPTY_SEARCH = 'Please enter a sample code or an isolate code to search.';

const columns = (page: number): ListGridColumn<AwaitingIdentificationRow>[] => [
  { field: 'srno', header: 'Sr. No.', minWidth: 60, flex: 0 },
  { field: 'sampleno', header: 'Sample Code' },
  { field: 'samplenov', header: 'Sample Code Version' },
  { field: 'isolatecode', header: 'Isolate Code' },
  { field: 'sampletype', header: 'Sample Type' },
  { field: 'codedAt', header: 'Coded On', minWidth: 150, render: (r) => formatUtcDateTime(r.codedAt) },
  {
    field: 'action', header: 'Action', minWidth: 110, flex: 0, render: (r) => (
      <Button size="small" variant="outlined" component={RouterLink} aria-label={`Identify ${r.isolatecode}`}
        to={identificationPath(r.id, r.samplenov, page)}>
        Identify
      </Button>
    ),
  },
];

export default function AwaitingIdentificationPage() {
  const list = usePagedSearch<AwaitingIdentificationRow>(
    (pageno, searchText) => ({ endpoint: MICROBE_CALLS.awaiting, body: searchText ? { pageno, message: searchText } : { pageno } }),
    EMPTY_SEARCH,
    'identification:awaiting',
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {IDENTIFICATION_TITLE}
        </Typography>
        <Button component={RouterLink} to="/BlankHomePage" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1.5, color: 'text.secondary' }}>
        {AWAITING_HEADING}
      </Typography>
      <ListSearchBox id="identification-search" text={list.text} setText={list.setText} onSearch={list.onSearch} onRefresh={list.refresh} sx={{ mb: 2 }} />
      <ListGrid
        label={AWAITING_HEADING}
        columns={columns(list.page)}
        rows={list.rows}
        rowId={(r) => r.id}
        loading={list.loading}
        noRowsText={list.applied ? 'No Data Found' : NONE_AWAITING}
        paging={{ page: list.page, total: list.total, onPage: list.goTo }}
      />
    </Paper>
  );
}
