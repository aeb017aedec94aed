/**
 * Amendments and deletions with a reason: the texts and shapes both sides share. Approved means locked: once an
 * activity of an isolate is submitted or approved, the sample inward record and the microbe identification it rests
 * on change only as an amendment (the save carries `amendmentReason`), and the record shows who amended it, when
 * and why. A sample is deleted (and restored, by a Top Role user) with a `reason`.
 */
export const AMENDMENT_REASON_MAX = 500;

/** One amendment of a record, as the answers carry it (newest first). */
export interface AmendmentInfo {
  /** The amending user's name. */
  by: string;
  username: string;
  /** UTC, ISO 8601. */
  at: string;
  reason: string;
}

/** Who deleted or restored a sample last, when and why. */
export interface StatusChangeInfo {
  by: string;
  at: string;
  reason: string;
}

const whatText = { sample: 'sample inward record', identification: 'microbe identification' } as const;

export const AMENDMENT_MSG = {
  reasonRequired: (what: keyof typeof whatText) =>
    `Submitted or approved results rest on this ${whatText[what]}, so a change to it is an amendment: please give the reason for the amendment.`,
  reasonType: 'The amendment reason must be text.',
  reasonTooLong: `The amendment reason must be at most ${AMENDMENT_REASON_MAX} characters.`,
  notOwner: (what: keyof typeof whatText, owner: string) =>
    `This ${whatText[what]} was recorded by ${owner}: only they or a Top Role user may change it.`,
  /** The mark on an approved activity whose data changed after its approval. */
  amendedAfterApproval: 'Data amended after approval',
  deleteReasonRequired: 'Please give the reason for deleting this sample.',
  restoreReasonRequired: 'Please give the reason for restoring this sample.',
  restoreTopRoleOnly: 'Only a Top Role user may restore a deleted sample.',
} as const;
