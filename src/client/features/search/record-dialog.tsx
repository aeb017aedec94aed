/**
 * The detailed record (spec 001 section 2): the extra-large modal 'Search Microbe' / 'Detailed Records for:
 * {sample}' with the sample inward data, the microbe identification, the Level 1 activities with their
 * parameters and the table 'Level 2 Activity Records for: {sample}'. Cancel goes to homepage (as the spec
 * says; the close icon only closes), Print prints the modal's content (a print stylesheet hides the rest),
 * Open PDF opens the server's PDF of the record in a new tab.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import {
  RECORD_MICROBE_LABELS, RECORD_SAMPLE_LABELS, SEARCH_ENDPOINTS, SEARCH_MSG, recordValueText, type RecordActivity, type SampleLookup,
} from '../../../shared/contract/search-endpoints';
import { useChange, usePending } from '../../crud/use-request';
import { openTabFor } from '../../lib/open-file';

const STATUS: Record<string, string> = { Y: 'Not submitted', S: 'Submitted', A: 'Approved', R: 'Reverted' };
const show = (v: unknown) => (v === null || v === undefined || v === '' ? 'N/A' : String(v));

/** Everything but the open dialog is hidden when printing. */
const PRINT_CSS = {
  '@media print': {
    'body > *:not(.search-record-dialog)': { display: 'none !important' },
    '.search-record-dialog .no-print': { display: 'none !important' },
    '.search-record-dialog .MuiDialog-container, .search-record-dialog .MuiPaper-root': {
      position: 'static !important', height: 'auto !important', maxHeight: 'none !important', overflow: 'visible !important', boxShadow: 'none !important',
    },
    '.search-record-dialog .MuiDialogContent-root': { overflow: 'visible !important' },
    '.search-record-dialog': { position: 'static !important' },
    '.MuiBackdrop-root': { display: 'none !important' },
  },
} as const;

function Fields({ labels, data }: { labels: Array<[string, string]>; data: Record<string, unknown> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, auto 1fr)' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {labels.map(([k, label]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{show(data[k])}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function Level1({ a }: { a: RecordActivity }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" component="h4">
        {a.activityname} ({a.shortname}) <Chip size="small" label={STATUS[a.status] ?? a.status} sx={{ ml: 1 }} />
      </Typography>
      <Table size="small" aria-label={`${a.activityname} parameters`}>
        <TableBody>
          {a.parameters.length === 0 && <TableRow><TableCell>N/A</TableCell></TableRow>}
          {a.parameters.map((p) => (
            <TableRow key={p.parameterName}><TableCell sx={{ width: '40%', fontWeight: 500 }}>{p.parameterName}</TableCell><TableCell>{show(recordValueText(p))}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Record({ samplenov, r }: { samplenov: string; r: SampleLookup }) {
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 1 }}>Sample Inward</Typography>
      <Fields labels={RECORD_SAMPLE_LABELS} data={r.sampleInward} />
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>Microbe Identification</Typography>
      {r.microbeIdentification ? <Fields labels={RECORD_MICROBE_LABELS} data={r.microbeIdentification} /> : <Typography>N/A</Typography>}
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>Level 1 Activities</Typography>
      {r.activityList.length === 0 ? <Typography>N/A</Typography> : r.activityList.map((a) => <Level1 key={a.id} a={a} />)}
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>{SEARCH_MSG.level2(samplenov)}</Typography>
      <Table size="small" aria-label={SEARCH_MSG.level2(samplenov)}>
        <TableHead>
          <TableRow>
            <TableCell>Sample No.-V</TableCell><TableCell>Isolate Code</TableCell><TableCell>Plant Assessment Code</TableCell>
            <TableCell>Activity Name</TableCell><TableCell>Status</TableCell><TableCell>Parameters</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {r.lvl2activityList.length === 0 && <TableRow><TableCell colSpan={6}>N/A</TableCell></TableRow>}
          {r.lvl2activityList.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{a.samplenov}</TableCell><TableCell>{a.isolatecode}</TableCell><TableCell>{show(a.pncode)}</TableCell>
              <TableCell>{a.activityname}</TableCell><TableCell>{STATUS[a.status] ?? a.status}</TableCell>
              <TableCell>{a.parameters.map((p) => `${p.parameterName}: ${show(recordValueText(p))}`).join('; ') || 'N/A'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** The request-slice entry of the PDF. */
const PDF_KEY = 'record:pdf';

export function RecordDialog({ samplenov, record, loading, onClose, onCancel }: {
  samplenov: string; record: SampleLookup | null; loading: boolean; onClose(): void; onCancel(): void;
}) {
  const change = useChange();
  const pdfBusy = usePending(SEARCH_ENDPOINTS.getSearchRecordPdf, PDF_KEY);
  const openPdf = () => {
    // The tab opens now, while the click still counts as a user gesture (pop-up blockers); the PDF fills it.
    openTabFor(PDF_KEY);
    change(SEARCH_ENDPOINTS.getSearchRecordPdf, { samplenov }, {
      key: PDF_KEY, file: 'record.pdf', openFile: true, failureText: 'The PDF could not be created.', failureTitle: SEARCH_MSG.oops,
    });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth className="search-record-dialog" aria-labelledby="search-record-title">
      <GlobalStyles styles={PRINT_CSS} />
      <DialogTitle id="search-record-title" sx={{ pr: 6 }}>
        {SEARCH_MSG.modalTitle}
        <Typography component="span" variant="subtitle1" sx={{ display: 'block' }}>{SEARCH_MSG.details(samplenov)}</Typography>
        <IconButton aria-label="Close" onClick={onClose} className="no-print" sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
      </DialogTitle>
      {/* Focusable, so that its scrolling content is read and scrolled with the keyboard too. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label={SEARCH_MSG.details(samplenov)}>
        {loading && <LinearProgress aria-label="Loading record" />}
        {record && <Record samplenov={samplenov} r={record} />}
      </DialogContent>
      <DialogActions className="no-print">
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={() => window.print()} disabled={!record}>Print</Button>
        <Button variant="contained" onClick={openPdf} disabled={!record || pdfBusy}>Open PDF</Button>
      </DialogActions>
    </Dialog>
  );
}
