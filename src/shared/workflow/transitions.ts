/**
 * The activity status machine (spec 001 section 4), one table for the client reducer and the server.
 *
 *   none --submit(owner)--> S --approve(reporting manager)--> A
 *                           S --revert(reporting manager, remark required)--> R
 *                           R --submit(owner, after rechecking)--> S
 *   A, its data amended after approval --approve(reporting manager)--> A (the amendment accepted)
 *                                      --revert(reporting manager, remark required)--> R
 *
 * `null` is "not yet submitted" (the client shows it as 'Y'). A is final, until data it rests on is amended.
 */
export type ActivityStatus = 'S' | 'A' | 'R';
/** The status as stored: null until the first submit. */
export type StoredStatus = ActivityStatus | null;
/** The status as the legacy client shows it: 'Y' when nothing is submitted yet. */
export type ClientStatus = ActivityStatus | 'Y';
export type ActivityAction = 'submit' | 'approve' | 'revert';
/** Who may take an action: the owner of the activity, or the reporting manager it was submitted to. */
export type ActivityActor = 'owner' | 'manager';

export interface Transition {
  action: ActivityAction;
  from: StoredStatus;
  to: ActivityStatus;
  by: ActivityActor;
  remarkRequired: boolean;
  /** Only for an approved activity whose data was amended after its approval. */
  amended?: boolean;
}

export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', from: null, to: 'S', by: 'owner', remarkRequired: false },
  { action: 'submit', from: 'R', to: 'S', by: 'owner', remarkRequired: false },
  { action: 'approve', from: 'S', to: 'A', by: 'manager', remarkRequired: false },
  { action: 'revert', from: 'S', to: 'R', by: 'manager', remarkRequired: true },
  { action: 'approve', from: 'A', to: 'A', by: 'manager', remarkRequired: false, amended: true },
  { action: 'revert', from: 'A', to: 'R', by: 'manager', remarkRequired: true, amended: true },
];

export const REMARK_MAX = 200;

/**
 * The transition an action takes from a status, or undefined when the action is illegal there. `amended`: the
 * activity is approved and data it rests on was amended since (it waits for its manager again).
 */
export function transitionFor(from: StoredStatus | 'Y' | undefined, action: ActivityAction, amended = false): Transition | undefined {
  const current: StoredStatus = from === 'Y' || from === undefined ? null : from;
  return TRANSITIONS.find((t) => t.action === action && t.from === current && (!t.amended || amended));
}

/** The status after an action, or the same status when the action is illegal (reducers change nothing). */
export function nextStatus(from: StoredStatus, action: ActivityAction, amended = false): StoredStatus {
  return transitionFor(from, action, amended)?.to ?? from;
}

/** The action that a save with this legacy status asks for: S submit, A approve, R revert. */
export function actionForStatus(status: unknown): ActivityAction | undefined {
  if (status === 'S') return 'submit';
  if (status === 'A') return 'approve';
  if (status === 'R') return 'revert';
  return undefined;
}

export const toClientStatus = (s: StoredStatus | undefined): ClientStatus => s ?? 'Y';
export const toStoredStatus = (s: ClientStatus | StoredStatus | undefined): StoredStatus => (s === 'Y' || s == null ? null : s);

/** The status icon colour of the transaction lists: none black, S orange, R red, A green. */
export const STATUS_COLOUR: Record<ClientStatus, 'black' | 'orange' | 'red' | 'green'> = {
  Y: 'black', S: 'orange', R: 'red', A: 'green',
};

/** The spec's status messages, with the real names. */
export const statusMessage = {
  submitted: (manager: string) => `Above activity submitted to ${manager} For Approval.`,
  approved: (manager: string) => `Above activity approved by ${manager}.`,
  cameForApproval: (user: string) => `Above activity came for approval by ${user}.`,
  reverted: (manager: string) => `Above activity reverted by ${manager} for rechecking.`,
} as const;

/** The toast after a save, by the status saved (spec 001 section 8). */
export const SAVE_SUCCESS_MESSAGE: Record<ActivityStatus, string> = {
  S: 'Record Saved Successfully!',
  R: 'Reverted Successfully!',
  A: 'Approved Successfully!',
};

export const WORKFLOW_MSG = {
  remarkRequired: 'Please Write a Remark of Revert!',
  mandatoryMissing: 'Please fill all mandatory fields!',
  checkAll: 'Please Check All fields Again!',
  checkDecimals: 'Please Check Decimal Values!',
  saveError: 'Please Check Again!',
  isolateRequired: 'Please Enter Isolate Code',
} as const;
