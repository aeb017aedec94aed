/**
 * The routes of the simple masters: home (list), add and edit of every definition in shared/resources,
 * served by the lazily loaded masters chunk. Only the paths and this small table are in the shell's chunk.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RESOURCES, type ResourceName } from '../../../shared/resources';

const MasterScreen = lazy(() => import(/* webpackChunkName: "masters" */ './master-screen'));

const relative = (path: string) => path.replace(/^\//, '');

/** Every route pattern served here, with the leading slash (as in shared/contract/routes). */
export const MASTER_PATHS: ReadonlySet<string> = new Set(
  Object.values(RESOURCES).flatMap((r) => [r.routes.home, r.routes.add, r.routes.edit]),
);

export function masterRoutes(): RouteObject[] {
  return (Object.keys(RESOURCES) as ResourceName[]).flatMap((name) => {
    const { home, add, edit } = RESOURCES[name].routes;
    return [
      { path: relative(home), element: <MasterScreen key={home} resource={name} screen="list" /> },
      { path: relative(add), element: <MasterScreen key={add} resource={name} screen="form" /> },
      { path: relative(edit), element: <MasterScreen key={edit} resource={name} screen="form" /> },
    ];
  });
}
