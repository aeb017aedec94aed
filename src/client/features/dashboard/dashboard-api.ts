import { DASHBOARD_ENDPOINTS, path } from '../../../shared/contract/endpoints';
import type { AllSamplesRow } from '../../../shared/contract/dashboard-endpoints';
import type { DashboardFigures } from '../../../shared/dashboard/dashboard';
import { postJson } from '../../lib/api';

const post = postJson;

export const dashboardApi = {
  figures: () => post<DashboardFigures>(path(DASHBOARD_ENDPOINTS.getDashboard), {}),
  allSamples: (body: { pageno: number; userID: number | null }) => post<AllSamplesRow[]>(path(DASHBOARD_ENDPOINTS.getAllSamples), body),
};
