/**
 * The password rules both sides state (the server enforces them in server/lib/password-policy.ts; the screens say
 * them before the user types). At least 12 characters, not containing the user name, and not guessable (a strength
 * estimator with common-password dictionaries must rate it 3 of 4 or better).
 */
export const PASSWORD_RULES = { minLength: 12, maxLength: 128, minScore: 3 } as const;

export const PASSWORD_MSG = {
  tooShort: `The password must be at least ${PASSWORD_RULES.minLength} characters: add a few more words or characters.`,
  tooLong: `The password must be at most ${PASSWORD_RULES.maxLength} characters.`,
  containsUsername: 'The password must not contain your user name: choose something else.',
  tooGuessable: 'This password is too easy to guess.',
  /** Shown beside the new-password fields. */
  hint: `At least ${PASSWORD_RULES.minLength} characters; a few unrelated words or a long phrase work well. Common passwords and your user name are refused.`,
} as const;

export const PASSWORD_CHANGE_MSG = {
  currentRequired: 'Please enter your current password: a password change from a signed-in session needs it.',
  currentWrong: 'The current password is not correct. Nothing was changed.',
} as const;
