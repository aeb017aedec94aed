import type { FastifyInstance } from 'fastify';
import { AUTH_ENDPOINTS } from '../../../shared/contract/endpoints';
import { MSG } from '../../../shared/contract/messages';
import { EMPTY_BODY } from '../../../shared/contract/body-schema';
import type { ChangePasswordRequest, SignInRequest } from '../../../shared/contract/session';
import { changePassword, logout, signIn, type AuthSettings } from './auth-service';
import { sessionRoutes } from './session-routes';
import { bodyOf } from '../../lib/body';

/** The most bytes a sign-in body may have (the whole API allows 1 MB). */
export const SIGNIN_BODY_LIMIT = 16 * 1024;

const str = (max: number) => ({ type: 'string', maxLength: max });

export function authRoutes(app: FastifyInstance, settings: AuthSettings & { signinPerMinute: number }) {
  app.endpoint<SignInRequest>(
    AUTH_ENDPOINTS.signin,
    {
      // Anyone may call it: its body (a name and an encoded password) is small, and a large one is refused unread.
      bodyLimit: SIGNIN_BODY_LIMIT,
      config: {
        rateLimit: {
          max: settings.signinPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({
            statusCode: 429,
            message: 'Too many sign-in attempts from this address. Please wait a minute and try again.',
          }),
        },
      },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: { username: { ...str(50), minLength: 1 }, password: { ...str(4096), minLength: 1 } },
        },
      },
      // Empty fields get the sign-in screen's own texts.
      preValidation: async (req) => {
        // Only text (or nothing) gets them: any other type is refused by the schema, naming the field.
        const b = bodyOf(req); // the body itself when it is an object
        if (b === req.body && [b.username, b.password].every((v) => v === undefined || typeof v === 'string')) {
          if (b.username === undefined || b.username === '' || (typeof b.username === 'string' && !b.username.trim())) {
            throw Object.assign(new Error(MSG.usernameRequired), { statusCode: 400 });
          }
          if (b.password === undefined || b.password === '') throw Object.assign(new Error(MSG.passwordRequired), { statusCode: 400 });
        }
      },
    },
    (req) => signIn(req, req.body, settings),
  );

  app.endpoint<ChangePasswordRequest>(
    AUTH_ENDPOINTS.changePassword,
    {
      schema: {
        body: {
          type: 'object',
          required: ['userid', 'username', 'password', 'password1'],
          properties: {
            userid: { type: 'integer' }, username: { ...str(50), minLength: 1 }, password: { ...str(4096), minLength: 1 }, password1: { ...str(4096), minLength: 1 },
            currentPassword: { type: ['string', 'null'], maxLength: 4096 },
          },
        },
      },
    },
    (req) => changePassword(req, req.body, settings),
  );

  app.endpoint(AUTH_ENDPOINTS.logout, { schema: { body: EMPTY_BODY } }, (req) => logout(req));
  sessionRoutes(app);

  app.endpoint(AUTH_ENDPOINTS.checklogin, {
    schema: { body: { type: ['object', 'null'], properties: { accessToken: str(2048) } } },
  }, async () => ({ message: MSG.success }));
}
