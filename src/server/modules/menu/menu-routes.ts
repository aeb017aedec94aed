import type { FastifyInstance } from 'fastify';
import { AUTH_CONTRACT as C } from '../../../shared/contract/auth-schemas';
import { menuForUser } from './menu-repository';
import { menuAdminRoutes } from './menu-admin-routes';
import { groupRoutes } from './group-routes';

/**
 * The menu is always the signed-in user's: the identity fields of the legacy payload are accepted
 * but never trusted (a caller cannot read another user's menu by sending their id).
 */
export function menuRoutes(app: FastifyInstance) {
  for (const contract of [C.menuofUserforjosn, C.getmenubyuser]) {
    app.endpoint(contract, (req) => menuForUser(app.db, req.auth!.userId, req.auth!.userGroupId));
  }
  // Administration of menus and user groups (administrators only).
  menuAdminRoutes(app);
  groupRoutes(app);
}
