import type { EndpointSpec } from './endpoints';

/** The dashboard and the all-samples list of checkData (spec 001 section 2; issue 5). */
export const DASHBOARD_ENDPOINTS = {
  getDashboard: {
    group: 'transaction', name: 'getDashboard', auth: 'session', permission: 'view',
    summary: 'The dashboard figures computed from the database (name not in the spec; the legacy page was static). See shared/dashboard for which parameters feed the trait and biocontrol tiles.',
  },
  getAllSamples: {
    group: 'transaction', name: 'getAllSamples', auth: 'session', permission: 'toprole',
    summary: 'checkData: every active sample inward, 10 per page ({pageno, userID}), newest first, each row with totalItems. Top-role users only.',
  },
} as const satisfies Record<string, EndpointSpec>;

export interface AllSamplesRow {
  id: number;
  srno: number;
  sampleinno: string;
  sampleno: string;
  samplingdate: string;
  sampledby: string;
  statesofIndia: string;
  district: string;
  isolates: number;
  totalItems: number;
}
