import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARD_ENDPOINTS as E } from '../../../shared/contract/dashboard-endpoints';
import { bodyOf, pageOf } from '../../lib/body';
import { EMPTY_BODY, PAGE, body } from '../../../shared/contract/body-schema';
import { allSamples, dashboardFigures } from './dashboard-repository';

const count = { type: 'integer' } as const;
const figuresSchema = {
  type: 'object',
  properties: {
    totalSamples: count, agroZones: count, isolates: count,
    microbes: { type: 'object', properties: { total: count, bacteria: count, fungi: count, actinomycetes: count, other: count } },
    traits: { type: 'array', items: { type: 'object', properties: { shortname: { type: 'string' }, label: { type: 'string' }, count } } },
    biocontrol: { type: 'object', properties: { total: count, antifungal: count, antibacterial: count, antimicrobial: count } },
    activities: { type: 'object', properties: { notSubmitted: count, submitted: count, reverted: count, approved: count } },
    samplesByMonth: { type: 'array', items: { type: 'object', properties: { month: { type: 'string' }, count } } },
  },
} as const;

const sampleRow = {
  type: 'object',
  properties: {
    id: count, srno: count, sampleinno: { type: 'string' }, sampleno: { type: 'string' }, samplingdate: { type: 'string' },
    sampledby: { type: 'string' }, statesofIndia: { type: 'string' }, district: { type: 'string' }, isolates: count, totalItems: count,
  },
} as const;

export function dashboardRoutes(app: FastifyInstance): void {
  app.endpoint(E.getDashboard, { schema: { body: EMPTY_BODY, response: { 200: figuresSchema } } }, async (req: FastifyRequest) => dashboardFigures(req.server.db));
  app.endpoint(
    E.getAllSamples,
    { schema: { body: body(PAGE, { nullable: true }), response: { 200: { type: 'array', items: sampleRow } } } },
    async (req: FastifyRequest) => allSamples(req.server.db, pageOf(bodyOf(req).pageno, 'refuse')),
  );
}
