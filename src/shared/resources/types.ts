import type { PermissionFlag } from '../contract/session';

/**
 * The definition format of a master resource (DESIGN.md section 4): plain, declarative data that both
 * sides read. From one definition come the yup schema (shared/validation), the server's endpoints and
 * repository (server/modules/masters) and, later, the client's list page and form (client/crud).
 * Field names are the legacy payload/answer names of the spec; `column` is ours.
 */

/** Every list shows ten rows per page (spec 000 sections 1 and 9). */
export const PAGE_SIZE = 10;

/**
 * text / textarea: a string (trimmed; blank counts as missing). integer: a whole number (a numeric
 * string is accepted). boolean: a checkbox. select: a drop-down of `options`. choice: a group of
 * checkboxes of which exactly one may be ticked (the unit-of-measure type).
 */
export type FieldKind = 'text' | 'textarea' | 'integer' | 'boolean' | 'select' | 'choice';

export interface FieldOption {
  /** The value stored and sent. */
  value: string;
  /** The text the form shows, e.g. 'Character (A-Z)'. */
  label: string;
  /** Short name used in answers and lists, e.g. 'Character' (defaults to `label`). */
  name?: string;
}

export interface FieldMessages {
  /** Too long (defaults to '<Label> must be at most N characters.'). */
  maxLength?: string;
  /** Wrong type or a value outside `options` (defaults to a plain sentence). */
  invalid?: string;
  /** Integer outside min..max (defaults to a plain sentence). */
  range?: string;
  /** Shorter than `minLength` (defaults to '<Label> must be at least N characters.'). */
  minLength?: string;
  /** Does not match `pattern` (defaults to '<Label> is not valid.'). */
  pattern?: string;
}

export interface FieldDef {
  /** Legacy payload and answer field name, e.g. 'departmentCode'. */
  name: string;
  /** Database column. */
  column: string;
  /** Form label, exactly as the screen shows it. */
  label: string;
  /** Longer name for sentences that have no spec text, e.g. 'Department Code'. Defaults to `label`. */
  title?: string;
  kind: FieldKind;
  /** Most characters allowed (spec 000 section 9). For integers: most characters of the typed text. */
  maxLength?: number;
  /** Text only: fewest characters allowed when given. */
  minLength?: number;
  /** Text only: the (trimmed) value must match when given. */
  pattern?: RegExp;
  /** Integers only: the allowed range. */
  min?: number;
  max?: number;
  /** Exact message when the field is missing or blank; absent means the field is optional. */
  required?: string;
  messages?: FieldMessages;
  /** select / choice: the allowed values, in screen order. */
  options?: readonly FieldOption[];
  /** select: the text of the empty first option ('Select Level'). */
  placeholder?: string;
  /** The value must be unique (text case-insensitively) among the resource's rows (a blank or absent value is not checked). */
  unique?: UniqueRule;
  /** Stored and shown in capitals. */
  uppercase?: boolean;
  /**
   * Legacy name of a boolean payload field that switches this field on (a checkbox revealing the input).
   * Sent false: the value is cleared. Sent true: `required` applies. Not sent: the field is optional.
   * Answers carry it as true when the value is present.
   */
  enabledBy?: string;
  /** Boolean fields: the value when not sent. */
  defaultValue?: boolean;
  /**
   * Integer fields: the id of a row of another table (a drop-down of another master). 0 means none.
   * A save checks that a newly chosen row exists and is active; `message` answers otherwise.
   */
  references?: { table: string; message?: string };
  /** On an update, a field absent from the payload keeps its stored value (set from another screen). */
  keepWhenAbsent?: boolean;
  /**
   * Boolean fields: the row's active flag on the form (the user's 'System Status Active'), stored as 'Y' / 'N'
   * and answered so. An update that changes it follows the status call's rules: the 'delete' permission and the
   * resource's status checks, in the save's transaction.
   */
  activeFlag?: boolean;
}

export interface UniqueRule {
  /** The refusal's text, answered as `rescoremessage` (or `messageField`). */
  message: string;
  /** Unique only among rows holding the same value of this field (an activity's sequence within its level). */
  within?: string;
  /** The refusal's status fields when they are not the resource's `answers.duplicate` (spec 000 section 8). */
  answer?: Record<string, string>;
  /** The answer field carrying `message` (defaults to 'rescoremessage'). */
  messageField?: string;
  /**
   * No database index backs the rule (older data may break it), so saves of the resource are serialised
   * by a transaction lock while they check it.
   */
  unindexed?: boolean;
}

/** Answer fields computed from the stored fields. */
export type DerivedField =
  /** The `name` of the option whose value `of` holds (unit type 'C' -> 'Character'). */
  | { name: string; kind: 'optionName'; of: string }
  /** True when every one of `of` is true (workflow role 'chkselect'). */
  | { name: string; kind: 'allTrue'; of: readonly string[] }
  /** The value of field `of` under another name (the user's 'roleid' is its 'tbband'). */
  | { name: string; kind: 'same'; of: string }
  /** A text for the active flag (the employee list's 'msg': 'Active' / 'Inactive'). */
  | { name: string; kind: 'statusText'; labels: { Y: string; N: string } }
  /** `column` of the row of `table` that reference field `of` names; '' when none (the user's 'rolename'). */
  | { name: string; kind: 'refName'; of: string; table: string; column: string };

/** Rules across fields, checked after the fields, in this order. */
export type ResourceRule =
  /** At least one of `fields` must be true. */
  | { kind: 'atLeastOne'; fields: readonly string[]; message: string }
  /** When `field` is true, every one of `fields` is set true before validation (Top Role implies all). */
  | { kind: 'impliesAll'; field: string; fields: readonly string[] };

export interface ListColumn {
  /** Header text exactly as spec 000 section 2 names it. */
  header: string;
  /** Legacy answer field shown in the column; 'action' is the row-actions column. */
  field: string;
}

/** A row action beyond edit and deactivate/reactivate, e.g. open the parameters of an activity type. */
export interface RowAction {
  label: string;
  /** Hash route with ':id' for the row's id. */
  route: string;
}

/** An unpaged list of the active rows for drop-downs of other screens. */
export interface LookupDef {
  name: string;
  /** Answer fields: a legacy field name of the resource ('id' included), or a renamed one. */
  fields: ReadonlyArray<string | { as: string; field: string }>;
  /** Legacy field name to order by (case-insensitively for text), then id. */
  orderBy: string;
  summary: string;
}

export interface ResourceEndpoints {
  /** `{pageno, userID}` -> one page of rows. */
  list: string;
  /** `{searchText, pageno, userID}` -> one page of matching rows. */
  search: string;
  /** `{id}` or `{trnid}` -> one row. */
  byId: string;
  /** The fields (+ id and version for an update) -> Success / duplicate answer. */
  save: string;
  /** `{id, activeStatus}` -> deactivate (N) or reactivate (Y). */
  status: string;
  /** More legacy names answering exactly like a role above. */
  aliases?: Partial<Record<'list' | 'search' | 'byId' | 'save' | 'status', readonly string[]>>;
  lookups?: readonly LookupDef[];
  /** Roles whose name the spec does not give (the name is ours). */
  notInSpec?: ReadonlyArray<'list' | 'search' | 'byId' | 'save' | 'status'>;
}

export type EndpointRole = 'list' | 'search' | 'byId' | 'save' | 'status' | 'lookup';

/** The answers of a resource (spec 000 sections 7 and 8). */
export interface AnswerStyle {
  saved: Record<string, string>;
  /** Plus `rescoremessage` = the unique field's message. */
  duplicate: Record<string, string>;
  deactivated: Record<string, string>;
  reactivated: Record<string, string>;
}

export interface ResourceDef {
  /** Identifier: the audit actions are '<name>.create', '.update', '.deactivate', '.reactivate'. */
  name: string;
  table: string;
  /** Audit entity name (defaults to `table`). */
  entity?: string;
  /** Legacy name under which rows answer their id (defaults to 'id'); a save accepts it as well as 'id'. */
  idName?: string;
  /** Screen title. */
  title: string;
  /** Form fields, in screen order: validation reports the first failing one in this order. */
  fields: readonly FieldDef[];
  derived?: readonly DerivedField[];
  rules?: readonly ResourceRule[];
  /**
   * Legacy names under which the active flag (Y/N) is answered; the first is the main one and the status
   * call accepts it (and 'status') as the new value.
   */
  activeFields: readonly string[];
  list: {
    columns: readonly ListColumn[];
    /** Legacy field names searched (case-insensitive, substring). */
    searchFields: readonly string[];
    /** Legacy field name of the stable order (case-insensitive for text), then id. */
    orderBy: string;
    /** Most characters of the search text. */
    searchMaxLength: number;
    rowActions?: readonly RowAction[];
    /** Legacy answer fields of a list row (besides srno and totalItems); all of the row when absent. */
    fields?: readonly string[];
  };
  endpoints: ResourceEndpoints;
  /** Hash routes of the screens. */
  routes: { home: string; add: string; edit: string };
  answers: AnswerStyle;
}

export const ACTIVE = 'Y';
export const INACTIVE = 'N';

/** Role flag each endpoint role needs; a save of an existing row needs `saveExisting` instead of `save`. */
export const ROLE_PERMISSION: Record<EndpointRole, PermissionFlag> & { saveExisting: PermissionFlag } = {
  list: 'view',
  search: 'view',
  byId: 'view',
  lookup: 'view',
  save: 'add',
  saveExisting: 'edit',
  status: 'delete',
};

/** The common answers; a resource changes only what differs. */
export const DEFAULT_ANSWERS: AnswerStyle = {
  saved: { status: 'Success', message: 'Record Saved Successfully!' },
  duplicate: { status: 'Failed', status1: 'Success1' },
  deactivated: { status: 'Success', message: 'Record Deleted Successfully!' },
  reactivated: {
    status: 'Success2',
    status1: 'Success2',
    message: 'Deleted Record Successfully Recovered!',
    rescoremessage: 'Deleted Record Successfully Recovered!',
  },
};

/** Messages of the generic calls. */
export const RESOURCE_MSG = {
  emptySearch: 'Please Enter Some Text To Search!',
  stale: 'This record was changed by someone else since you opened it. Reload it to see the latest version.',
  checkAgain: 'Please Check Again!',
} as const;

/** The answer of a save refused because another row holds `f`'s value. */
export function duplicateAnswerOf(r: ResourceDef, f: FieldDef | undefined): Record<string, string> {
  return { ...(f?.unique?.answer ?? r.answers.duplicate), [f?.unique?.messageField ?? 'rescoremessage']: f?.unique?.message ?? RESOURCE_MSG.checkAgain };
}

export const fieldByName = (r: ResourceDef, name: string): FieldDef | undefined => r.fields.find((f) => f.name === name);
export const fieldTitle = (f: FieldDef): string => f.title ?? f.label;
/** The field that must be unique (a simple master has one). */
export const uniqueField = (r: ResourceDef): FieldDef | undefined => r.fields.find((f) => f.unique);
/** Every field that must be unique, in form order (the user has two: code and user name). */
export const uniqueFields = (r: ResourceDef): FieldDef[] => r.fields.filter((f) => f.unique);
/** The legacy name of a row's id. */
export const idNameOf = (r: ResourceDef): string => r.idName ?? 'id';
