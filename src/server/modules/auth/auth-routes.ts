import type { FastifyInstance } from 'fastify';
import { AUTH_CONTRACT as C } from '../../../shared/contract/auth-schemas';
import { MSG } from '../../../shared/contract/messages';
import { changePassword, logout, signIn, type AuthSettings } from './auth-service';
import { sessionRoutes } from './session-routes';
import { bodyOf } from '../../lib/body';

/** The most bytes a sign-in body may have (the whole API allows 1 MB). */
export const SIGNIN_BODY_LIMIT = 16 * 1024;

export function authRoutes(app: FastifyInstance, settings: AuthSettings & { signinPerMinute: number }) {
  app.endpoint(
    C.signin,
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

  app.endpoint(C.changePassword, (req) => changePassword(req, req.body, settings),
  );

  app.endpoint(C.logout, (req) => logout(req));
  sessionRoutes(app);

  app.endpoint(C.checklogin, async () => ({ message: MSG.success }));
}
