import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARD_ENDPOINTS as E } from '../../../shared/contract/dashboard-endpoints';
import { HttpError } from '../../plugins/errors';
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

/** The page number of a list body: a whole number from 1 (default 1). */
function pageOf(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return 1;
  const n = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > 1_000_000) throw new HttpError(400, 'The page number must be a whole number from 1.');
  return n;
}

export function dashboardRoutes(app: FastifyInstance): void {
  app.endpoint(E.getDashboard, { schema: { response: { 200: figuresSchema } } }, async (req: FastifyRequest) => dashboardFigures(req.server.db));
  app.endpoint(
    E.getAllSamples,
    { schema: { body: { type: ['object', 'null'] }, response: { 200: { type: 'array', items: sampleRow } } } },
    async (req: FastifyRequest) => allSamples(req.server.db, pageOf((req.body as Record<string, unknown> | null)?.pageno)),
  );
}
