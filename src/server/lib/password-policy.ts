import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MSG, PASSWORD_RULES } from '../../shared/contract/password-rules';

/**
 * What a new password must be (OWASP ASVS 4.0.3 §2.1, NIST SP 800-63B §5.1.1.2): at least 12 characters, at most 128,
 * not containing the user name, and not guessable: zxcvbn-ts with its common-password and English dictionaries and
 * keyboard patterns must rate it at least 3 of 4 ("safely unguessable": about 10^8 guesses or more). No composition
 * rules (they make passwords harder to remember, not to guess). The messages say what to change.
 */
let factory: ZxcvbnFactory | undefined;
const checker = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/** A plain sentence saying what to change, or null when the password may be used. */
export function passwordProblem(plain: string, context: { username?: string | null; names?: Array<string | null | undefined> } = {}): string | null {
  if (plain.length < PASSWORD_RULES.minLength) return PASSWORD_MSG.tooShort;
  if (plain.length > PASSWORD_RULES.maxLength) return PASSWORD_MSG.tooLong;
  const username = context.username?.trim().toLowerCase();
  if (username && username.length >= 3 && plain.toLowerCase().includes(username)) return PASSWORD_MSG.containsUsername;
  const inputs = [context.username, ...(context.names ?? [])].filter((x): x is string => typeof x === 'string' && x.trim().length > 0);
  const r = checker().check(plain, inputs);
  if (r.score < PASSWORD_RULES.minScore) {
    const hint = r.feedback.warning ? `${r.feedback.warning} ` : '';
    const advice = r.feedback.suggestions[0] ?? 'Use a few unrelated words or a longer phrase.';
    return `${PASSWORD_MSG.tooGuessable} ${hint}${advice}`.trim();
  }
  return null;
}
