import type { FastifyInstance } from 'fastify';
import { EMPLOYEE_CONTRACTS } from '../../../shared/contract/master-schemas';
import { EMPLOYEE_MSG, employee } from '../../../shared/resources';
import { generateInitialPassword, hashPassword } from '../../lib/passwords';
import { decodeTransport, TransportDecodeError } from '../../lib/transport';
import { HttpError } from '../../plugins/errors';
import { revokeUserSessions } from '../auth/session-repository';
import { registerResource, type ResourceOverrides } from '../masters/resource-routes';

export interface EmployeeSettings {
  /** The transport key of the legacy encoding (config CLIENT_CRYPTO_KEY). */
  clientCryptoKey: string;
}

/**
 * What the user master does beyond the generic master (spec 000 sections 3, 5, 7, 8; DESIGN.md section 7):
 * - the mobile number arrives transport-encoded as `mobile1` (it wins over a plain `mobile`; declared in
 *   shared/contract/master-schemas.ts with the initial password of the answer);
 * - a new user gets a random initial password, answered once, stored only as an argon2id hash, and must
 *   change it at the first sign-in ('First Login');
 * - a user is never their own reporting manager;
 * - deactivation ends every live session of the user (in the same transaction) and nobody deactivates
 *   themselves.
 */
export function employeeOverrides(settings: EmployeeSettings): ResourceOverrides {
  return {
    prepareSave(_req, body) {
      const cipher = body.mobile1;
      if (cipher === undefined || cipher === null || cipher === '') return body;
      try {
        return { ...body, mobile: decodeTransport(cipher, settings.clientCryptoKey, 'mobile number') };
      } catch (err) {
        if (err instanceof TransportDecodeError) throw new HttpError(400, err.message, { field: 'mobile' });
        throw err;
      }
    },

    async checkSave({ id, values }) {
      if (id !== null && values.reporting_manager_id === id) {
        throw new HttpError(400, EMPLOYEE_MSG.selfManager, { field: 'reportingmanagerid' });
      }
    },

    async onCreate() {
      const initialPassword = generateInitialPassword();
      return {
        columns: { password_hash: await hashPassword(initialPassword), must_change_password: true },
        answer: { initialPassword },
      };
    },

    async onStatus({ trx, req, before, flag }) {
      if (flag !== 'N') return;
      if (before.id === req.auth?.userId) throw new HttpError(400, EMPLOYEE_MSG.selfDeactivate);
      const ended = await revokeUserSessions(trx, before.id, 'user deactivated');
      return `user deactivated; ${ended} live session${ended === 1 ? '' : 's'} ended`;
    },
  };
}

/** The employee (user master) endpoints: the generic master handlers with the overrides above. */
export function employeeRoutes(app: FastifyInstance, settings: EmployeeSettings): void {
  registerResource(app, employee, EMPLOYEE_CONTRACTS, employeeOverrides(settings));
}
