/** Routes of the sample inward screens (lazily loaded chunk "samples"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const SampleInwardHome = lazy(() => import(/* webpackChunkName: "samples" */ './sample-inward-home'));
const SampleInwardFormPage = lazy(() => import(/* webpackChunkName: "samples" */ './sample-inward-form-page'));

export const SAMPLE_PATHS: ReadonlySet<string> = new Set(['/SampleInwardHome', '/sampleInverd', '/sampleInverd/:id']);

export function sampleRoutes(): RouteObject[] {
  return [
    { path: 'SampleInwardHome', element: <SampleInwardHome /> },
    { path: 'sampleInverd', element: <SampleInwardFormPage key="new" /> },
    { path: 'sampleInverd/:id', element: <SampleInwardFormPage key="edit" /> },
  ];
}
