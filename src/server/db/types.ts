import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely row types. Keep in step with the migrations in ./migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = 'Y' | 'N';

export interface AppSettingTable { key: string; value: string }

interface Versioned {
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserGroupTable extends Versioned {
  id: Generated<number>;
  name: string;
  active: Generated<Flag>;
  /** Version of the group's menu grants (migration 20261123T100000). */
  menu_version: Generated<number>;
}

export interface WorkflowRoleTable extends Versioned {
  id: Generated<number>;
  shortname: string;
  role: string;
  hierarchy: number;
  can_add: Generated<boolean>;
  can_edit: Generated<boolean>;
  can_view: Generated<boolean>;
  can_delete: Generated<boolean>;
  can_approve: Generated<boolean>;
  can_microbe: Generated<boolean>;
  is_toprole: Generated<boolean>;
  active: Generated<Flag>;
}

export interface CodeNameTable extends Versioned {
  id: Generated<number>;
  code: string;
  name: string;
  active: Generated<Flag>;
}

export interface UnitOfMeasureTable extends Versioned {
  id: Generated<number>;
  code: string;
  name: string;
  unit_type: 'C' | 'F' | 'N' | 'D' | 'B';
  active: Generated<Flag>;
}

export interface CommonMasterTypeTable extends Versioned {
  id: Generated<number>;
  code: string;
  type: string;
  active: Generated<Flag>;
}

export interface CommonMasterTable extends Versioned {
  id: Generated<number>;
  type_id: number;
  shortname: string;
  value: string;
  /** The entry (of another type) this one depends on. */
  depends_on_id: number | null;
  active: Generated<Flag>;
}

export interface ActivityTypeTable extends Versioned {
  id: Generated<number>;
  shortname: string;
  name: string;
  level: 'Level 1' | 'Level 2';
  sequence: number | null;
  active: Generated<Flag>;
  /** Version of the activity's parameter set (migration 20261122T075000). */
  param_version: Generated<number>;
}

/** A configured parameter of an activity type (migration 20261122T051000-parameters). */
export interface ActivityParameterTable extends Versioned {
  id: Generated<number>;
  activity_type_id: number;
  shortname: string;
  parameter_name: string;
  param_type: 'Text' | 'Number' | 'Dropdown' | 'Get Data' | 'Date-Control';
  unit_type: 'Character' | 'Float' | 'Integer' | 'Date' | 'Boolean' | 'MasterData' | 'MicrobeIdentification';
  user_entry: 'User Entry' | 'User Selection';
  min_length: number | null;
  max_length: number | null;
  /** numeric: read back as text. */
  decimal_places: ColumnType<string | number | null, number | string | null, number | string | null>;
  allow_negative: Generated<boolean>;
  date_rule: 'lessOrEqualToday' | 'onOrAfterToday' | 'onlyToday' | null;
  boolean_yes: string | null;
  boolean_no: string | null;
  common_master_type_id: number | null;
  mandatory: Generated<boolean>;
  sequence: number;
  active: Generated<Flag>;
}

export interface AppUserTable extends Versioned {
  id: Generated<number>;
  employee_code: string;
  salutation: string | null;
  gender: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string | null;
  address: string | null;
  mobile: string | null;
  email: string | null;
  department_id: number | null;
  designation_id: number | null;
  workflow_role_id: number | null;
  user_group_id: number | null;
  reporting_manager_id: number | null;
  username: string;
  password_hash: string;
  must_change_password: Generated<boolean>;
  password_changed_at: Date | null;
  failed_signins: Generated<number>;
  locked_until: Date | null;
  active: Generated<Flag>;
  /** Version of the user's activity access (migration 20261123T100000). */
  access_version: Generated<number>;
  /** Version of the user's own menu grants (migration 20261123T100000). */
  menu_version: Generated<number>;
}

/** An activity type granted to a user, with their role's flags copied at grant time. */
export interface UserActivityAccessTable {
  id: Generated<number>;
  user_id: number;
  activity_type_id: number;
  role_id: number | null;
  can_add: Generated<boolean>;
  can_edit: Generated<boolean>;
  can_view: Generated<boolean>;
  can_delete: Generated<boolean>;
  can_microbe: Generated<boolean>;
  is_toprole: Generated<boolean>;
  granted_at: Timestamp;
}

export interface SessionTable {
  id: string;
  user_id: number;
  tenant: string;
  kind: 'full' | 'first_login';
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface MenuItemTable {
  id: Generated<number>;
  parent_id: number | null;
  label: string;
  link: Generated<string>;
  sequence: Generated<number>;
  land_page: Generated<boolean>;
  active: Generated<Flag>;
  created_at: Timestamp;
  /** Migration 20261123T100000. */
  version: Generated<number>;
}

export interface MenuGrantTable {
  id: Generated<number>;
  menu_item_id: number;
  user_id: number | null;
  user_group_id: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  tenant: string;
  user_id: number | null;
  username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  /** Which of the AUDIT_CHAINS hash chains the row extends (lib/audit.ts). */
  chain: ColumnType<number, number | undefined, never>;
  prev_hash: string;
  hash: string;
  /** The cross link: the newest row of the next chain when this one was written (lib/audit.ts). */
  cross_id: ColumnType<number | null, number | undefined, never>;
  cross_hash: ColumnType<string | null, string | undefined, never>;
}

/** Numeric columns are parsed to numbers by db/connection.ts (both engines); write numbers or strings. */
type Numeric = ColumnType<number, number | string, number | string>;
type NullableNumeric = ColumnType<number | null, number | string | null | undefined, number | string | null>;
/** Date columns (no time) are read as 'YYYY-MM-DD' text by db/connection.ts; write the same. */
type DateOnly = ColumnType<string, string, string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SampleInwardTable extends Versioned {
  id: Generated<number>;
  sampleinno: string;
  sampleno: string;
  otp: string;
  /** The eight text columns joined by a newline, lower-cased: kept by PostgreSQL (migration 20261127T120000). */
  search_text: GeneratedAlways<string>;
  sampling_date: DateOnly;
  inward_date: DateOnly;
  sampledby: string;
  resource_name: string;
  resource_id: number | null;
  state_id: number | null;
  state_name: string;
  district_id: number | null;
  district_name: string;
  gpslocation: string;
  source: string;
  agroclimaticzone: string;
  minimumrainfall: Numeric;
  maximumrainfall: Numeric;
  temperature: string;
  soiltype: string;
  soilcolor: string;
  typedataof: Generated<string>;
  created_by: number;
  updated_by: number | null;
  active: Generated<Flag>;
  /** Who deleted or restored the sample last, when and why (migration 20261125T160000). */
  status_changed_at: NullableTimestamp;
  status_changed_by: number | null;
  status_reason: string | null;
}

export interface IsolateTable extends Versioned {
  id: Generated<number>;
  sample_inward_id: number;
  samplenov: string;
  isolatecode: string;
  sampletype: string;
  soilph: Numeric;
  soilec: Numeric;
  soiltds: Numeric;
  created_by: number;
  active: Generated<Flag>;
}

export interface PlantAssessmentTable {
  id: Generated<number>;
  isolate_id: number;
  pncode: string;
  created_by: number;
  created_at: Timestamp;
}

export interface MicrobeTable extends Versioned {
  id: Generated<number>;
  type_id: number;
  genus: string;
  species: string;
  active: Generated<Flag>;
}

export interface MicrobeIdentificationTable extends Versioned {
  id: Generated<number>;
  isolate_id: number;
  microbe_id: number | null;
  microbe_name: string | null;
  genus: string;
  species: string;
  percentage_identification: NullableNumeric;
  query_coverage: NullableNumeric;
  gram_character: string | null;
  biosafety_level: string | null;
  created_by: number;
  updated_by: number | null;
}

export interface ActivityTransactionTable extends Versioned {
  id: Generated<number>;
  activity_type_id: number;
  level: 'Level 1' | 'Level 2';
  isolate_id: number;
  plant_assessment_id: number | null;
  owner_id: number;
  reporting_manager_id: number | null;
  status: 'S' | 'A' | 'R' | null;
  remark: string | null;
  submitted_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  decided_by: number | null;
  /** Set when data this approved result rests on was amended; cleared when it is approved again (migration 20261125T160000). */
  amended_at: NullableTimestamp;
}

/** A change to data that submitted or approved results rest on (migration 20261125T160000). Append-only. */
export interface AmendmentTable {
  id: Generated<number>;
  entity: 'sample_inward' | 'microbe_identification';
  entity_id: number;
  sample_inward_id: number;
  isolate_id: number | null;
  amended_by: number;
  amended_at: Timestamp;
  reason: string;
}

/** A signed checkpoint of the audit trail (lib/audit-anchor.ts, migration 20261125T160000). Append-only. */
export interface AuditCheckpointTable {
  seq: number;
  at: Timestamp;
  tenant: string;
  row_count: number;
  heads: unknown;
  rows: Uint8Array;
  rows_digest: string;
  prev_digest: string | null;
  key_fingerprint: string;
  signature: string;
}

export interface ActivityValueTable {
  id: Generated<number>;
  transaction_id: number;
  parameter_id: number;
  isolate_id: number;
  text_value: string | null;
  num_value: NullableNumeric;
  date_value: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  app_setting: AppSettingTable;
  user_group: UserGroupTable;
  workflow_role: WorkflowRoleTable;
  department: CodeNameTable;
  designation: CodeNameTable;
  unit_of_measure: UnitOfMeasureTable;
  common_master_type: CommonMasterTypeTable;
  common_master: CommonMasterTable;
  activity_type: ActivityTypeTable;
  activity_parameter: ActivityParameterTable;
  app_user: AppUserTable;
  user_activity_access: UserActivityAccessTable;
  session: SessionTable;
  menu_item: MenuItemTable;
  menu_grant: MenuGrantTable;
  audit_log: AuditLogTable;
  audit_facet: AuditFacetTable;
  sample_inward: SampleInwardTable;
  isolate: IsolateTable;
  plant_assessment: PlantAssessmentTable;
  microbe: MicrobeTable;
  microbe_identification: MicrobeIdentificationTable;
  activity_transaction: ActivityTransactionTable;
  activity_value: ActivityValueTable;
  saved_search: SavedSearchTable;
  amendment: AmendmentTable;
  audit_checkpoint: AuditCheckpointTable;
  activity_signature: ActivitySignatureTable;
  signin_throttle: SigninThrottleTable;
}

/**
 * The distinct users, entities and actions of the audit trail (migration 20261129T000000), kept by its trigger:
 * kind 'user' (user_id and the name as written, '' when none), 'entity' or 'action' (user_id 0).
 */
export interface AuditFacetTable {
  kind: 'user' | 'entity' | 'action';
  user_id: number;
  value: string;
}

/** An approval or reversion signed with the manager's password (migration 20261125T170000). Append-only. */
export interface ActivitySignatureTable {
  id: Generated<number>;
  transaction_id: number;
  signer_id: number;
  signer_username: string;
  signer_name: string;
  signed_at: Timestamp;
  action: 'approve' | 'revert';
  meaning: string;
  /** The signed content (lib/signatures.ts); content_hash is its SHA-256. */
  content: unknown;
  content_hash: string;
}

/** Failed sign-ins per account and address (migration 20261125T170000). */
export interface SigninThrottleTable {
  user_id: number;
  ip: string;
  failures: number;
  last_failure_at: Timestamp;
}

export type AppUser = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type AppUserUpdate = Updateable<AppUserTable>;
export type Session = Selectable<SessionTable>;
export type AuditRow = Selectable<AuditLogTable>;

/** A user's saved microbe search (migration 20261122T080000-saved-search). */
export interface SavedSearchTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The search model's JSON ({parameterList, inputList}). */
  model: unknown;
  created_at: Timestamp;
  updated_at: Timestamp;
}
