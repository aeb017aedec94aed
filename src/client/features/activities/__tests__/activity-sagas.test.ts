import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { rootReducer, type RootState } from '../../../app/store';
import { navigateTo } from '../../../lib/navigation/navigation';
import { notifyError, notifySuccess } from '../../../lib/notifier/notify-slice';
import { httpError } from '../../../test-support/fixtures';
import type { ActivitySaveRequest } from '../../../../shared/contract/activity-endpoints';
import type { StoredStatus } from '../../../../shared/workflow';
import { activitiesApi } from '../activities-api';
import { activitiesSaga } from '../activity-sagas';
import {
  listLoaded, listRequested, screenLoaded, screenRequested, transitionFailed, transitionRequested, transitionSucceeded, type ScreenKey,
} from '../activity-slice';
import { button, listRow, paramconf } from './fixtures';

const key: ScreenKey = { level: 'Level 1', actid: 11, samplenov: 'SC0001-1', sampleno: 'SC0001', pncode: null, pageno: 2 };
const key2: ScreenKey = { ...key, level: 'Level 2', pncode: 'PA000003' };
const values = { SHAPE: 'Circular', DIAM: '3.2', COUNT: '', READ: '2026-11-20', NOTE: '', GRAM: '' };

function opened(status: StoredStatus, k: ScreenKey = key, over = {}): RootState {
  let s = rootReducer(undefined, { type: '@@init' });
  s = rootReducer(s, screenRequested(k));
  return rootReducer(s, screenLoaded({ buttons: [button({ status })], paramconf: paramconf(status, { mode: status === 'S' ? 'manager' : 'owner', ...over }) }));
}
const success = (status: 'S' | 'A' | 'R') => ({ message: 'Success' as const, status, trnid: 55, version: 4 });

test('a submit sends the values in legacy names, toasts Record Saved Successfully! and goes back to the list page', async () => {
  let sent: ActivitySaveRequest | undefined;
  const result = await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened(null))
    .provide([[matchers.call.fn(activitiesApi.save), dynamic(({ args }: { args: [string, ActivitySaveRequest] }) => ((sent = args[1]), success('S')))]])
    .put(transitionSucceeded({ action: 'submit', answer: success('S') }))
    .put(notifySuccess('Record Saved Successfully!'))
    .put(navigateTo('/ActivityTransactionHome/2'))
    .dispatch(transitionRequested({ action: 'submit', values, remarks: '' }))
    .silentRun(50);
  expect(sent).toMatchObject({ actid: 11, id: 11, samplenov: 'SC0001-1', sampleno: 'SC0001', status: 'S', remarks: null, version: null, activityname: 'Colony Morphology' });
  expect(sent?.activeList).toEqual([
    { id: 100, shortname: 'SHAPE', inputvalue: 'Circular' }, { id: 101, shortname: 'DIAM', inputvalue: '3.2' },
    { id: 102, shortname: 'COUNT', inputvalue: '' }, { id: 103, shortname: 'READ', inputvalue: '2026-11-20' },
    { id: 104, shortname: 'NOTE', inputvalue: '' }, { id: 105, shortname: 'GRAM', inputvalue: '' },
  ]);
  expect((result.storeState as RootState).activities?.screen.status).toBe('S');
});

test.each([
  ['approve', 'A', 'Approved Successfully!'],
  ['revert', 'R', 'Reverted Successfully!'],
] as const)('a manager %s sends status %s with the remark and toasts %s', async (action, status, toast) => {
  let sent: ActivitySaveRequest | undefined;
  await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened('S'))
    .provide([[matchers.call.fn(activitiesApi.save), dynamic(({ args }: { args: [string, ActivitySaveRequest] }) => ((sent = args[1]), success(status)))]])
    .put(notifySuccess(toast))
    .put(navigateTo('/ActivityTransactionHome/2'))
    .dispatch(transitionRequested({ action, values, remarks: ' Re-measure the diameter. ' }))
    .silentRun(50);
  expect(sent).toMatchObject({ status, remarks: 'Re-measure the diameter.', version: 3 });
});

test('a revert without a remark toasts Please Write a Remark of Revert! (Oops) and calls nothing', async () => {
  const result = await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened('S'))
    .provide([[matchers.call.fn(activitiesApi.save), success('R')]])
    .put(notifyError('Please Write a Remark of Revert!', 'Oops'))
    .not.call.fn(activitiesApi.save)
    .dispatch(transitionRequested({ action: 'revert', values, remarks: '  ' }))
    .silentRun(50);
  expect((result.storeState as RootState).activities?.screen).toMatchObject({ status: 'S', pending: null });
});

test('an illegal action (approve before any submit) calls nothing', async () => {
  await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened(null))
    .provide([[matchers.call.fn(activitiesApi.save), success('A')]])
    .not.call.fn(activitiesApi.save)
    .not.put.like({ action: { type: 'notify/enqueued' } })
    .dispatch(transitionRequested({ action: 'approve', values, remarks: '' }))
    .silentRun(50);
});

test('a double click saves once (takeLeading)', async () => {
  let calls = 0;
  const slow = () => new Promise((resolve) => setTimeout(() => resolve(success('S')), 30));
  await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened(null))
    .provide([[matchers.call.fn(activitiesApi.save), dynamic(() => ((calls += 1), slow()))]])
    .dispatch(transitionRequested({ action: 'submit', values, remarks: '' }))
    .dispatch(transitionRequested({ action: 'submit', values, remarks: '' }))
    .silentRun(120);
  expect(calls).toBe(1);
});

test('a refused Level 1 save toasts Please Check Again! (Error) with the reason, and still goes back to the list', async () => {
  const result = await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened('S'))
    .provide([[matchers.call.fn(activitiesApi.save), throwError(httpError(409, { message: 'This activity was changed by someone else meanwhile. Please reload.' }))]])
    .put(transitionFailed())
    .put(notifyError('Please Check Again!', 'Error', 'This activity was changed by someone else meanwhile. Please reload.'))
    .put(navigateTo('/ActivityTransactionHome/2'))
    .dispatch(transitionRequested({ action: 'approve', values, remarks: '' }))
    .silentRun(50);
  expect((result.storeState as RootState).activities?.screen).toMatchObject({ status: 'S', pending: null });
});

test('a Level 2 answer with message Error toasts Please Check Again! and stays on the screen', async () => {
  await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened(null, key2))
    .provide([[matchers.call.fn(activitiesApi.save), { message: 'Error' }]])
    .put(transitionFailed())
    .put(notifyError('Please Check Again!', 'Error'))
    .not.put.like({ action: { type: navigateTo.type } })
    .dispatch(transitionRequested({ action: 'submit', values, remarks: '' }))
    .silentRun(50);
});

test("a refusal answered as the legacy client reads it (200, message 'Error', reason) toasts Please Check Again! with the reason", async () => {
  const reason = 'Colony Diameter must be a number.';
  const result = await expectSaga(activitiesSaga)
    .withReducer(rootReducer, opened(null))
    .provide([[matchers.call.fn(activitiesApi.save), { message: 'Error', reason, code: 400, field: 'CD' }]])
    .put(transitionFailed())
    .put(notifyError('Please Check Again!', 'Error', reason))
    .put(navigateTo('/ActivityTransactionHome/2'))
    .dispatch(transitionRequested({ action: 'submit', values, remarks: '' }))
    .silentRun(50);
  expect((result.storeState as RootState).activities?.screen).toMatchObject({ status: null, pending: null });
});

test('list loads: the latest wins; a search text uses the search endpoint', async () => {
  const rows = [listRow(1)];
  await expectSaga(activitiesSaga)
    .withReducer(rootReducer)
    .provide([[matchers.call.fn(activitiesApi.list), dynamic(({ args }: { args: unknown[] }) => ((args[1] as { searchText: string }).searchText === 'ISO' ? rows : []))]])
    .call(activitiesApi.list, 'Level 1', { pageno: 1, searchText: 'ISO', countUpTo: 200 })
    .put(listLoaded({ level: 'Level 1', rows }))
    .dispatch(listRequested({ level: 'Level 1', page: 1, searchText: 'ISO' }))
    .silentRun(50);
});

test('a screen load asks for the activity buttons and the parameters of the activity', async () => {
  const pc = paramconf(null);
  await expectSaga(activitiesSaga)
    .withReducer(rootReducer)
    .provide([
      [matchers.call.fn(activitiesApi.buttons), [button()]],
      [matchers.call.fn(activitiesApi.paramconf), pc],
    ])
    .call(activitiesApi.buttons, 'Level 2', { samplenov: 'SC0001-1', activitylevel: 'Level 2', pncode: 'PA000003' })
    .call(activitiesApi.paramconf, 'Level 2', { id: 11, actid: 11, samplenov: 'SC0001-1', sampleno: 'SC0001', pncode: 'PA000003' })
    .put(screenLoaded({ buttons: [button()], paramconf: pc }))
    .dispatch(screenRequested(key2))
    .silentRun(50);
});
