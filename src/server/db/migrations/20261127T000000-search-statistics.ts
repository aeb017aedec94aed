// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Planner statistics for the microbe search's filters, where the per-column statistics misjudge them
 * (bench/plans.md, "per-parameter statistics"):
 *
 * - A dropdown filter on a sample or identification column compares `lower(col) in (names)`. Without an index on
 *   the expression PostgreSQL has no statistics for it and guesses 0.5% per name: at 1M samples it planned a
 *   quarter of the samples (Maharashtra) as 2%. Expression statistics give it the real share of each name.
 * - A value filter is `parameter_id = $p and lower(text_value) = ...` or `parameter_id = $p and num_value ...`.
 *   The columns' own statistics mix every parameter's values, so "Positive" of one parameter was estimated from
 *   its share among all values of all parameters. Multivariate MCV lists on (parameter_id, value) keep each
 *   parameter's most common values apart: per-parameter statistics on one table.
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
    create statistics activity_value_param_num_stx (mcv) on parameter_id, num_value from activity_value;
    analyze sample_inward;
    analyze microbe_identification;
    analyze activity_value;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop statistics activity_value_param_num_stx;
    drop statistics activity_value_param_text_stx;
    drop statistics microbe_identification_gram_lower_stx;
    drop statistics microbe_identification_name_lower_stx;
    drop statistics sample_inward_soiltype_lower_stx;
    drop statistics sample_inward_zone_lower_stx;
    drop statistics sample_inward_district_lower_stx;
    drop statistics sample_inward_state_lower_stx;
  `.execute(db);
}
