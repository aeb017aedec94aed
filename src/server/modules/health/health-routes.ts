import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** GET /api/health: liveness and a database round trip (no session needed; used by benchmarks and load balancers). */
export function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and database round trip.' } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'OK' };
  });
}
