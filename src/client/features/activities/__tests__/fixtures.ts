/** Answers of the activity endpoints, in the contract's shapes (shared/contract/activity-endpoints). */
import type {
  ActivityButton, ActivityListRow, ApprovalQueueRow, ParamconfWithTransaction,
} from '../../../../shared/contract/activity-endpoints';
import type { StoredStatus } from '../../../../shared/workflow';
import { colonyConfig } from './parameter-configs';

export const listRow = (n: number, over: Partial<ActivityListRow> = {}): ActivityListRow => ({
  id: n, srno: n, sampleno: `SC${String(n).padStart(4, '0')}`, samplenov: `SC${String(n).padStart(4, '0')}-1`,
  isolatecode: `ISO${String(n).padStart(6, '0')}`, pncode: null, approvalStatus: null, status: 'Y', actid: 11, totalItems: 1, ...over,
});

export const button = (over: Partial<ActivityButton> = {}): ActivityButton => ({
  id: 11, shortname: 'MORPH', sequence: 1, status: null, activityname: 'Colony Morphology', activitylevel: 'Level 1',
  reportingmanager: 'Dr. Anita Rao', reportingmanagerid: 2, username: 'Vikram Patil', userid: 7, trnid: null, version: null,
  remarks: null, mode: 'owner', ...over,
});

export const paramconf = (status: StoredStatus, over: Partial<ParamconfWithTransaction> = {}): ParamconfWithTransaction => {
  const values: Record<string, string | number | null> = { SHAPE: 'Circular', DIAM: 3.2, COUNT: null, READ: '2026-11-20', NOTE: null, GRAM: null };
  return {
    activity: { id: 11, shortname: 'MORPH', activityname: 'Colony Morphology', activitylevel: 'Level 1', sequence: 1, activeStatus: 'Y' },
    actid: 11, activityID: 11, shortname: 'MORPH', activityname: 'Colony Morphology', activitylevel: 'Level 1', sequence: 1,
    activeList: colonyConfig().map((p) => ({ ...p, inputvalue: status === null && !over.trnid ? null : values[p.shortname] })),
    status,
    sampleInward: { sampleno: 'SC0001', samplenov: 'SC0001-1', pncode: null, isolatecode: 'ISO000001' },
    reportingmanager: 'Dr. Anita Rao', reportingmanagerid: 2, username: 'Vikram Patil', userid: 7,
    remarks: null, version: status === null ? null : 3, trnid: status === null ? null : 55, mode: 'owner',
    allowed: status === null || status === 'R' ? ['submit'] : [], canEdit: status === null || status === 'R',
    ...over,
  };
};

export const queueRow = (n: number, over: Partial<ApprovalQueueRow> = {}): ApprovalQueueRow => ({
  trnid: 50 + n, srno: n, actid: 11, shortname: 'MORPH', activityname: 'Colony Morphology', activitylevel: 'Level 1', sequence: 1,
  sampleno: 'SC0001', samplenov: 'SC0001-1', isolatecode: 'ISO000001', pncode: null, submitterid: 7, submitter: 'Vikram Patil',
  submittedAt: '2026-11-21T09:30:00.000Z', version: 2, totalItems: 1, ...over,
});
