/**
 * The calls of the activity workflow screens (spec 001 section 7), through the app's one HTTP client.
 * Sagas call these with `call(activitiesApi.x, body)`; tests mock lib/http.
 */
import { ACTIVITY_ENDPOINTS, COMMON_MASTER_ENDPOINTS, PARAMETER_ENDPOINTS } from '../../../shared/contract/endpoints';
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import type {
  ActivityButton, ActivityButtonsRequest, ActivityLevel, ActivityListRequest, ActivityListRow, ActivitySaveRequest, ActivitySaveResult,
  ApprovalCounts, ApprovalQueueRequest, ApprovalQueueRow, ParamconfRequest, ParamconfWithTransaction, PlantAssessmentPreview,
  PlantAssessmentRequest, PlantAssessmentSaveAnswer,
} from '../../../shared/contract/activity-endpoints';
import { postTo } from '../../lib/api';
import { listEndpoint } from './activity-paths';

const post = postTo;

const A = ACTIVITY_ENDPOINTS;
const level1 = (level: ActivityLevel) => level === 'Level 1';

export const activitiesApi = {
  /** The Level 1 / Level 2 list (a search when searchText is given). */
  list: (level: ActivityLevel, body: ActivityListRequest) => post<ActivityListRow[]>(listEndpoint(level, (body.searchText ?? '') !== ''), body),
  buttons: (level: ActivityLevel, body: ActivityButtonsRequest) =>
    post<ActivityButton[]>(level1(level) ? A.getactivityforparamconf : A.getlvl2activityforparamconf, body),
  paramconf: (level: ActivityLevel, body: ParamconfRequest) =>
    post<ParamconfWithTransaction>(level1(level) ? PARAMETER_ENDPOINTS.getParamconf : A.getLvl2Paramconf, body),
  save: (level: ActivityLevel, body: ActivitySaveRequest) => post<ActivitySaveResult>(level1(level) ? A.saveActivities : A.saveLvl2Activities, body),
  findIsolate: (body: PlantAssessmentRequest) => post<PlantAssessmentPreview>(A.findisolaecodeforplantassesment, body),
  savePlantAssessment: (body: PlantAssessmentRequest) => post<PlantAssessmentSaveAnswer>(A.saveLevel2ActivityPlantassisscode, body),
  queue: (body: ApprovalQueueRequest) => post<ApprovalQueueRow[]>(A.getApprovalQueue, body),
  counts: () => post<ApprovalCounts>(A.getApprovalCounts, {}),
  /** Autocomplete of a MasterData parameter: entries of the type named `value` matching `message`. */
  masterData: (value: string, message: string) => post<MasterItem[]>(COMMON_MASTER_ENDPOINTS.getMasterData, { value, message }),
};

export type ActivitiesApi = typeof activitiesApi;
