import { sql } from 'kysely';

/**
 * The eight text columns of a sample joined by a newline, computed here in SQL: what the tests check the server's
 * search against (`<this> ilike pattern`), independently of the stored, lower-cased `search_text` the server
 * searches (samples/sample-repository.ts matchesText).
 */
export const JOINED_SAMPLE_TEXT = sql<string>`(sampleinno || E'\n' || sampleno || E'\n' || sampledby || E'\n' || resource_name || E'\n' || state_name || E'\n' || district_name || E'\n' || source || E'\n' || otp)`;
