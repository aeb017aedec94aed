/** Routes of the menu administration screens (lazily loaded chunk "menus"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const MenuByUserPage = lazy(() => import(/* webpackChunkName: "menus" */ './menu-by-user-page'));
const MenuTreePage = lazy(() => import(/* webpackChunkName: "menus" */ './menu-tree-page'));
const MenuItemPage = lazy(() => import(/* webpackChunkName: "menus" */ './menu-item-page'));

export const MENU_PATHS: ReadonlySet<string> = new Set(['/Menu By User', '/bmstree', '/menu2']);

export function menuRoutes(): RouteObject[] {
  return [
    { path: 'Menu By User', element: <MenuByUserPage /> },
    { path: 'bmstree', element: <MenuTreePage /> },
    { path: 'menu2', element: <MenuItemPage /> },
  ];
}
