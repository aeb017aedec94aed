import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import * as foundation from './migrations/20261122T030000-foundation';
import * as masters from './migrations/20261122T040000-masters';
import * as userAccess from './migrations/20261122T050000-user-access';
import * as parameters from './migrations/20261122T051000-parameters';
import * as laboratory from './migrations/20261122T060000-laboratory';
import * as parameterSetVersion from './migrations/20261122T075000-parameter-set-version';
import * as savedSearch from './migrations/20261122T080000-saved-search';
import * as moreVersions from './migrations/20261123T100000-more-versions';
import * as searchIndexes from './migrations/20261123T110000-search-indexes';
import * as auditChains from './migrations/20261125T000000-audit-chains';
import * as activityIsolateIndex from './migrations/20261125T010000-activity-isolate-index';
import * as auditChainHead from './migrations/20261125T020000-audit-chain-head';
import * as sampleTextIndex from './migrations/20261125T030000-sample-text-index';
import * as auditAppend from './migrations/20261125T100000-audit-append';
import * as recordIntegrity from './migrations/20261125T160000-record-integrity';
import * as identity from './migrations/20261125T170000-identity';
import * as listTotals from './migrations/20261126T100000-list-totals';
import * as listBuckets from './migrations/20261126T200000-list-buckets';
import * as searchStatistics from './migrations/20261127T000000-search-statistics';
import * as sampleSearchText from './migrations/20261127T120000-sample-search-text';
import * as sampleSearchGrams from './migrations/20261128T120000-sample-search-grams';
import * as auditList from './migrations/20261129T000000-audit-list';
import * as approvalQueueTotals from './migrations/20261129T010000-approval-queue-totals';
import * as approvalQueueBuckets from './migrations/20261129T020000-approval-queue-buckets';
import * as listBucketGroups from './migrations/20261129T030000-list-bucket-groups';
import * as auditAppendHeads from './migrations/20261129T040000-audit-append-heads';
import * as smallerIdBuckets from './migrations/20261129T100000-smaller-id-buckets';
import * as hourBuckets from './migrations/20261130T100000-hour-buckets';

/** Migrations in order, by timestamped name. Static imports so that bundling and Babel both see them. */
const MIGRATIONS: Record<string, Migration> = {
  '20261122T030000-foundation': foundation,
  '20261122T040000-masters': masters,
  '20261122T050000-user-access': userAccess,
  '20261122T051000-parameters': parameters,
  '20261122T060000-laboratory': laboratory,
  '20261122T075000-parameter-set-version': parameterSetVersion,
  '20261122T080000-saved-search': savedSearch,
  '20261123T100000-more-versions': moreVersions,
  '20261123T110000-search-indexes': searchIndexes,
  '20261125T000000-audit-chains': auditChains,
  '20261125T010000-activity-isolate-index': activityIsolateIndex,
  '20261125T020000-audit-chain-head': auditChainHead,
  '20261125T030000-sample-text-index': sampleTextIndex,
  '20261125T100000-audit-append': auditAppend,
  '20261125T160000-record-integrity': recordIntegrity,
  '20261125T170000-identity': identity,
  '20261126T100000-list-totals': listTotals,
  '20261126T200000-list-buckets': listBuckets,
  '20261127T000000-search-statistics': searchStatistics,
  '20261127T120000-sample-search-text': sampleSearchText,
  '20261128T120000-sample-search-grams': sampleSearchGrams,
  '20261129T000000-audit-list': auditList,
  '20261129T010000-approval-queue-totals': approvalQueueTotals,
  '20261129T020000-approval-queue-buckets': approvalQueueBuckets,
  '20261129T030000-list-bucket-groups': listBucketGroups,
  '20261129T040000-audit-append-heads': auditAppendHeads,
  '20261129T100000-smaller-id-buckets': smallerIdBuckets,
  '20261130T100000-hour-buckets': hourBuckets,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up to (and including) the named migration: a restore loads a backup into its own schema first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator works on any schema
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`This version does not know the migration '${name}' of the backup: restore it with a newer version.`);
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
