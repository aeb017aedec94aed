// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Planner statistics for the microbe search's filters, where the per-column statistics misjudge them
 * (estimates against real counts at 1M samples: bench/plans.md):
 *
 * - A dropdown filter on a sample or identification column compares `lower(col) in (names)`. Without an index on
 *   the expression PostgreSQL has no statistics for it and guesses 0.5% per name: at 1M samples, 10,000 samples
 *   for Maharashtra where 249,911 matched (25x low). Expression statistics give it each name's share (252,741).
 * - A dropdown or text filter on a parameter is `parameter_id = $p and lower(text_value) = ...`. The column's own
 *   statistics mix every parameter's values, so "Positive" of one parameter was estimated from its share among
 *   all values of all parameters (525,520 where 849,392 matched at 1M; with the MCV list 844,522). A multivariate MCV list on (parameter_id, lower(text_value))
 *   keeps each parameter's common values apart: per-parameter statistics on one table.
 * - Not for number ranges: an MCV list on (parameter_id, num_value) was tried at 1M samples (15,627 distinct pairs;
 *   100 and 2,000 entries) and left a range of one parameter 6x low, as without it; only a partition per parameter
 *   would give each its own histogram. The search's id windows bound what that misjudgement costs.
 *
 * Statistics objects hold no data of the lab (ANALYZE fills them; a restore runs this migration and analyzes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create statistics sample_inward_state_lower_stx on (lower(state_name)) from sample_inward;
    create statistics sample_inward_district_lower_stx on (lower(district_name)) from sample_inward;
    create statistics sample_inward_zone_lower_stx on (lower(agroclimaticzone)) from sample_inward;
    create statistics sample_inward_soiltype_lower_stx on (lower(soiltype)) from sample_inward;
    create statistics microbe_identification_name_lower_stx on (lower(microbe_name)) from microbe_identification;
    create statistics microbe_identification_gram_lower_stx on (lower(gram_character)) from microbe_identification;
    create statistics activity_value_param_text_stx (mcv) on parameter_id, (lower(text_value)) from activity_value;
    analyze sample_inward;
    analyze microbe_identification;
    analyze activity_value;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop statistics activity_value_param_text_stx;
    drop statistics microbe_identification_gram_lower_stx;
    drop statistics microbe_identification_name_lower_stx;
    drop statistics sample_inward_soiltype_lower_stx;
    drop statistics sample_inward_zone_lower_stx;
    drop statistics sample_inward_district_lower_stx;
    drop statistics sample_inward_state_lower_stx;
  `.execute(db);
}
