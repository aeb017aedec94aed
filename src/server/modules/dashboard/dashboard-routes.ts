import type { FastifyInstance } from 'fastify';
import { DASHBOARD_CONTRACT as C } from '../../../shared/contract/dashboard-schemas';
import { bodyOf, pageOf } from '../../lib/body';
import { allSamples, dashboardFigures } from './dashboard-repository';

export function dashboardRoutes(app: FastifyInstance): void {
  app.endpoint(C.getDashboard, async (req) => dashboardFigures(req.server.db));
  app.endpoint(C.getAllSamples, async (req) => allSamples(req.server.db, pageOf(bodyOf(req).pageno, 'refuse')));
}
