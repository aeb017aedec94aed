import type { FastifyInstance } from 'fastify';
import { AUTH_ENDPOINTS } from '../../../shared/contract/endpoints';
import { ID, body, strictText } from '../../../shared/contract/body-schema';
import { menuForUser } from './menu-repository';
import { menuAdminRoutes } from './menu-admin-routes';
import { groupRoutes } from './group-routes';

const menuSchema = {
  body: body({ username: strictText(50), accessToken: strictText(2048), userid: ID, usergroupid: ID }, { nullable: true }),
};

/**
 * The menu is always the signed-in user's: the identity fields of the legacy payload are accepted
 * but never trusted (a caller cannot read another user's menu by sending their id).
 */
export function menuRoutes(app: FastifyInstance) {
  for (const spec of [AUTH_ENDPOINTS.menuofUserforjosn, AUTH_ENDPOINTS.getmenubyuser]) {
    app.endpoint(spec, { schema: menuSchema }, (req) => menuForUser(app.db, req.auth!.userId, req.auth!.userGroupId));
  }
  // Administration of menus and user groups (administrators only).
  menuAdminRoutes(app);
  groupRoutes(app);
}
