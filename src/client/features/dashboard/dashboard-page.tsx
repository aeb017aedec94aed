/**
 * The dashboard (spec 001 section 2; issue 5): the spec's tiles computed by the server from the database
 * (shared/dashboard says which parameters feed the trait and biocontrol counts), reloaded every minute while
 * open, with bar charts where a picture reads faster than a number.
 */
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { injectSaga } from '../../app/store';
import { STATUS_COLOUR } from '../../../shared/workflow';
import { BarChart, ColumnChart } from './bar-chart';
import { dashboardSaga } from './dashboard-saga';
import { dashboardClosed, dashboardOpened, selectDashboard } from './dashboard-slice';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (yyyyMm: string) => `${MONTHS[Number(yyyyMm.slice(5, 7)) - 1]} ${yyyyMm.slice(2, 4)}`;

function Tile({ title, value, children }: { title: string; value: number | string; children?: ReactNode }) {
  return (
    <Card variant="outlined" role="group" aria-label={`${title}: ${value}`} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">{title}</Typography>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  const store = useStore();
  injectSaga(store, 'dashboard', dashboardSaga);
  const dispatch = useDispatch();
  const { figures: f, loading, loadedAt } = useSelector(selectDashboard);

  useEffect(() => {
    dispatch(dashboardOpened());
    return () => {
      dispatch(dashboardClosed());
    };
  }, [dispatch]);

  const refresh = () => {
    dispatch(dashboardClosed());
    dispatch(dashboardOpened());
  };

  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>Dashboard</Typography>
        {loadedAt && (
          <Typography variant="caption" color="text.secondary">
            Updated {new Date(loadedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </Typography>
        )}
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh" onClick={refresh} disabled={loading}><RefreshIcon /></IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress aria-label="Loading" />}</Box>
      {f && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
          <Tile title="Total Samples" value={f.totalSamples} />
          <Tile title="Agro Climatic Zones" value={f.agroZones} />
          <Tile title="Isolates" value={f.isolates} />
          <Tile title="Microbes" value={f.microbes.total}>
            <Typography variant="body2" color="text.secondary">
              Bacteria {f.microbes.bacteria} · Fungi {f.microbes.fungi} · Actinomycetes {f.microbes.actinomycetes}
            </Typography>
          </Tile>
          <Box sx={{ gridColumn: { lg: 'span 2' } }}>
            <Panel title="Functional Traits">
              <BarChart label="Functional traits" bars={f.traits.map((t) => ({ label: t.label, value: t.count }))} />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { lg: 'span 2' }, display: 'grid', gap: 2 }}>
            <Panel title={`Biocontrol Leads: ${f.biocontrol.total}`}>
              <BarChart
                label="Biocontrol leads"
                bars={[
                  { label: 'Antifungal Producers', value: f.biocontrol.antifungal, colour: '#6d4c41' },
                  { label: 'Antibacterial Producers', value: f.biocontrol.antibacterial, colour: '#00838f' },
                  { label: 'Antimicrobial Producers', value: f.biocontrol.antimicrobial, colour: '#5e35b1' },
                ]}
              />
            </Panel>
            <Panel title="Microbes by Type">
              <BarChart
                label="Microbes by type"
                bars={[
                  { label: 'Bacteria', value: f.microbes.bacteria },
                  { label: 'Fungi', value: f.microbes.fungi },
                  { label: 'Actinomycetes', value: f.microbes.actinomycetes },
                ]}
              />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { lg: 'span 2' } }}>
            <Panel title="Activities by Status">
              <BarChart
                label="Activities by status"
                bars={[
                  { label: 'Not submitted', value: f.activities.notSubmitted, colour: STATUS_COLOUR.Y },
                  { label: 'Submitted', value: f.activities.submitted, colour: STATUS_COLOUR.S },
                  { label: 'Reverted', value: f.activities.reverted, colour: STATUS_COLOUR.R },
                  { label: 'Approved', value: f.activities.approved, colour: STATUS_COLOUR.A },
                ]}
              />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { lg: 'span 2' } }}>
            <Panel title="Samples Inwarded per Month">
              <ColumnChart label="Samples inwarded per month" columns={f.samplesByMonth.map((m) => ({ label: monthLabel(m.month), value: m.count }))} />
            </Panel>
          </Box>
        </Box>
      )}
    </Box>
  );
}
