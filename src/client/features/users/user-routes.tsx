/**
 * The routes of the employee (user) screens (spec 000 section 2): the employee list, the user master form
 * and the user activity access, served by the lazily loaded users chunk.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { employee } from '../../../shared/resources';

const UsersScreen = lazy(() => import(/* webpackChunkName: "users" */ './users-screen'));

export const ACCESS_PATH = '/userActivityAccess/:id';
/** Without an id the screen asks for the employee first. */
export const ACCESS_PICK_PATH = '/userActivityAccess';

const relative = (path: string) => path.replace(/^\//, '');

/** Every route pattern served here, with the leading slash (as in shared/contract/routes). */
export const USER_PATHS: ReadonlySet<string> = new Set([employee.routes.home, employee.routes.add, employee.routes.edit, ACCESS_PATH, ACCESS_PICK_PATH]);

export function userRoutes(): RouteObject[] {
  const { home, add, edit } = employee.routes;
  return [
    { path: relative(home), element: <UsersScreen key={home} screen="list" /> },
    { path: relative(add), element: <UsersScreen key={add} screen="form" /> },
    { path: relative(edit), element: <UsersScreen key={edit} screen="form" /> },
    { path: relative(ACCESS_PATH), element: <UsersScreen key={ACCESS_PATH} screen="access" /> },
    { path: relative(ACCESS_PICK_PATH), element: <UsersScreen key={ACCESS_PICK_PATH} screen="access" /> },
  ];
}
