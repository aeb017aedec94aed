/**
 * Electronic signatures of approvals and reversions (21 CFR Part 11 §11.50, §11.200): the manager re-enters their
 * password; the call carries `signaturePassword` (transport-encoded like every password) and `signatureMeaning`, one of
 * these texts. The screens show the meaning before the manager signs. Submit is not signed.
 */
export const SIGNATURE_MEANING = {
  approve: 'Approved: I have reviewed these results and approve them.',
  revert: 'Reverted for rechecking: I have reviewed these results and return them to be rechecked.',
} as const;

export type SignedAction = keyof typeof SIGNATURE_MEANING;

/** A signature as the answers carry it. */
export interface SignatureInfo {
  /** The signer's full name. */
  name: string;
  username: string;
  /** UTC, ISO 8601. */
  at: string;
  action: SignedAction;
  meaning: string;
  /** SHA-256 of the signed content (hex). */
  hash: string;
  /** The signature still matches its record and content (false: it was altered or moved behind the application's back). */
  valid: boolean;
}

export const SIGNATURE_MSG = {
  required: (action: SignedAction) =>
    `${action === 'approve' ? 'Approving' : 'Reverting'} is an electronic signature: please re-enter your password to sign it.`,
  wrongPassword: 'The password is not correct, so the signature was not made. Nothing was changed.',
  meaning: (action: SignedAction) => `The signature meaning must be: "${SIGNATURE_MEANING[action]}"`,
} as const;
