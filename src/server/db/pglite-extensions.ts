import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the embedded database (PGlite) is started with. PGlite runs in a worker
 * thread (pglite-worker.mjs), which cannot receive these objects: it loads each one itself by its key,
 * from `@electric-sql/pglite/contrib/<key>` (export `<key>`). So add contrib extensions here under their
 * own name.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
