/** Routes of the Level 1 / Level 2 activity screens (lazily loaded chunk "activities"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ActivityListPage = lazy(() => import(/* webpackChunkName: "activities" */ './activity-list-page'));
const ActivityParamPage = lazy(() => import(/* webpackChunkName: "activities" */ './activity-param-page'));
const Level2EntryPage = lazy(() => import(/* webpackChunkName: "activities" */ './level2-entry-page'));

export const ACTIVITY_PATHS: ReadonlySet<string> = new Set([
  '/ActivityTransactionHome',
  '/ActivityTransactionHome/:sum',
  '/activityparam/:id/:activitylevel/:samplenov/:sampleno',
  '/activityparamNew/:id/:activitylevel/:samplenov/:sampleno/:pageno',
  '/level2activityHome',
  '/level2activityHome/:sum',
  '/level2activityEntry',
  '/lvl2activityparam/:id/:activitylevel/:samplenov/:sampleno/:plantassesmentcode/:pageno',
]);

export function activityRoutes(): RouteObject[] {
  return [
    { path: 'ActivityTransactionHome', element: <ActivityListPage key="l1" level="Level 1" /> },
    { path: 'ActivityTransactionHome/:sum', element: <ActivityListPage key="l1" level="Level 1" /> },
    { path: 'activityparam/:id/:activitylevel/:samplenov/:sampleno', element: <ActivityParamPage key="p1" level="Level 1" /> },
    { path: 'activityparamNew/:id/:activitylevel/:samplenov/:sampleno/:pageno', element: <ActivityParamPage key="p1" level="Level 1" /> },
    { path: 'level2activityHome', element: <ActivityListPage key="l2" level="Level 2" /> },
    { path: 'level2activityHome/:sum', element: <ActivityListPage key="l2" level="Level 2" /> },
    { path: 'level2activityEntry', element: <Level2EntryPage /> },
    {
      path: 'lvl2activityparam/:id/:activitylevel/:samplenov/:sampleno/:plantassesmentcode/:pageno',
      element: <ActivityParamPage key="p2" level="Level 2" />,
    },
  ];
}
