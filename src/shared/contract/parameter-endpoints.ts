import type { EndpointSpec } from './endpoints';
import type { ActivityRef, LegacyParameterRow } from '../parameters/parameter-config';

/**
 * Parameter configuration of activity types (spec 000 sections 2, 3, 4, 7). Served by
 * server/modules/parameters. The workflow's own parameter calls (getParamconf with a sample,
 * saveActivityParameters, getLvl2Paramconf) build on the same rows later.
 */
export const PARAMETER_ENDPOINTS = {
  saveParameters: {
    group: 'master', name: 'saveParameters', auth: 'session', permission: 'edit',
    summary: "Replaces the active parameter set of an activity (actid or activityID) with activeList; removed parameters are deactivated, never deleted. Answer {message: 'Success'} or 400 {message: 'Error', detail}.",
  },
  getActivityParametersByid: {
    group: 'master', name: 'getActivityParametersByid', auth: 'session', permission: 'view',
    summary: 'An activity type (id) and its active parameters in sequence order, in the legacy names.',
  },
  getParameterByActivity: {
    group: 'master', name: 'getParameterByActivity', auth: 'session', permission: 'view',
    summary: 'Same as getActivityParametersByid (name not in the spec).',
  },
  getParamconf: {
    group: 'master', name: 'getParamconf', auth: 'session', permission: 'view',
    summary: 'Parameter configuration of an activity (id, actid or activityID): the activity and its active parameters (activeList), in the shape the parameter screens read. With samplenov (Level 1 workflow screen) it adds each parameter\'s recorded inputvalue and the transaction state (see ParamconfWithTransaction in activity-endpoints).',
  },
} as const satisfies Record<string, EndpointSpec>;

export type ParameterEndpointName = keyof typeof PARAMETER_ENDPOINTS;

export interface SaveParametersRequest {
  actid?: number | string;
  activityID?: number | string;
  /** The rows of the table (legacy names); rows with status 'N' are treated as removed. */
  activeList: Array<Partial<LegacyParameterRow> & Record<string, unknown>>;
  userID?: unknown;
  /** The parameter set's version as loaded; a stale one answers 409 (absent: no check, as legacy clients). */
  version?: number;
}
export type SaveParametersAnswer = { message: 'Success'; actid: number; count: number; version: number };
/** 400 / 404 answer of saveParameters. */
export interface SaveParametersError { statusCode: number; message: 'Error'; detail: string; index?: number | null; field?: string | null }

/** getActivityParametersByid, getParameterByActivity, getParamconf */
export interface ActivityParameters {
  activity: ActivityRef & { sequence: number | null; activeStatus: 'Y' | 'N' };
  actid: number;
  activityID: number;
  shortname: string;
  activityname: string;
  activitylevel: string;
  sequence: number | null;
  activeList: LegacyParameterRow[];
  /** The parameter set's version (send it back with saveParameters). */
  version?: number;
  /** getParamconf only: no transaction yet (the workflow fills these). */
  status?: null;
  sampleInward?: null;
}
