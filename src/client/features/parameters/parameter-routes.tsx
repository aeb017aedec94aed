/** Routes of the parameter configuration screen (lazily loaded chunk "parameters"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ParameterConfigPage = lazy(() => import(/* webpackChunkName: "parameters" */ './parameter-config-page'));

export const PARAMETER_PATHS: ReadonlySet<string> = new Set(['/paramactivity/:id', '/Editparamconf/:id', '/paramconf']);

export function parameterRoutes(): RouteObject[] {
  return [
    { path: 'paramactivity/:id', element: <ParameterConfigPage key="activity" /> },
    { path: 'Editparamconf/:id', element: <ParameterConfigPage key="edit" /> },
    { path: 'paramconf', element: <ParameterConfigPage key="picker" picker /> },
  ];
}
