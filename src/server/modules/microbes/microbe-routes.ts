import type { FastifyInstance } from 'fastify';
import { microbeMasterRoutes } from './microbe-master-routes';
import { identificationRoutes } from './identification-routes';

/** Every microbe endpoint: the microbe master with its lookups, and the microbe identification of isolates. */
export function microbeRoutes(app: FastifyInstance): void {
  microbeMasterRoutes(app);
  identificationRoutes(app);
}
