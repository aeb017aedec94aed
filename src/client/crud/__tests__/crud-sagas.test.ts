import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { activityType, department, unitOfMeasure, workflowRole } from '../../../shared/resources';
import { rootReducer, type RootState } from '../../app/store';
import { navigateTo } from '../../lib/navigation/navigation';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { signInSucceeded } from '../../app/session-slice';
import { httpError, loginResponse } from '../../test-support/fixtures';
import { crudApi } from '../crud-api';
import { answerIs, changeStatus, loadList, loadRecord, resourceSaga, saveRecord } from '../crud-sagas';
import {
  listLoaded,
  listRequested,
  recordLoaded,
  recordRequested,
  saveFinished,
  saveRequested,
  searchRequested,
  selectResourceState,
  statusFinished,
  statusRequested,
} from '../crud-slice';

const signedIn = (): RootState => rootReducer(rootReducer(undefined, { type: '@@init' }), signInSucceeded(loginResponse()));
const rows = [
  { id: 1, srno: 1, departmentCode: 'MIC', departmentName: 'Microbiology', activeStatus: 'Y', totalItems: 23 },
  { id: 2, srno: 2, departmentCode: 'SOIL', departmentName: 'Soil', activeStatus: 'N', totalItems: 23 },
];

describe('generic resource sagas', () => {
  it('loads a page of the list with pageno and userID', async () => {
    const result = await expectSaga(loadList, department, listRequested({ resource: 'department', page: 3 }))
      .withReducer(rootReducer, signedIn())
      .provide([[matchers.call.fn(crudApi.list), rows]])
      .call.like({ fn: crudApi.list, args: [department, { pageno: 3, userID: 7 }] })
      .not.call.fn(crudApi.search)
      .put(listLoaded({ resource: 'department', rows, total: 23, page: 3, searchText: '' }))
      .run();
    expect(selectResourceState(result.storeState as RootState, 'department')).toMatchObject({ rows, total: 23, page: 3, loading: false });
  });

  it('a search text uses the search endpoint', () =>
    expectSaga(loadList, department, listRequested({ resource: 'department', page: 1, searchText: ' mic ' }))
      .withReducer(rootReducer, signedIn())
      .provide([[matchers.call.fn(crudApi.search), rows.slice(0, 1)]])
      .call.like({ fn: crudApi.search, args: [department, { searchText: 'mic', pageno: 1, userID: 7 }] })
      .put(listLoaded({ resource: 'department', rows: rows.slice(0, 1), total: 23, page: 1, searchText: 'mic' }))
      .run());

  it("an empty search shows 'Please Enter Some Text To Search!' (OOPS!) without a call", () =>
    expectSaga(resourceSaga(department))
      .withReducer(rootReducer, signedIn())
      .dispatch(searchRequested({ resource: 'department', searchText: '   ' }))
      .put(notifyError('Please Enter Some Text To Search!', 'OOPS!'))
      .not.put.actionType(listRequested.type)
      .not.call.fn(crudApi.search)
      .silentRun(50));

  it('watches only the actions of its own resource', () =>
    expectSaga(resourceSaga(department))
      .withReducer(rootReducer, signedIn())
      .provide([[matchers.call.fn(crudApi.list), []]])
      .dispatch(listRequested({ resource: 'designation', page: 1 }))
      .not.call.fn(crudApi.list)
      .silentRun(50));

  it('loads a record by id', () =>
    expectSaga(loadRecord, unitOfMeasure, recordRequested({ resource: 'unitOfMeasure', id: 4 }))
      .withReducer(rootReducer, rootReducer(signedIn(), recordRequested({ resource: 'unitOfMeasure', id: 4 })))
      .provide([[matchers.call.fn(crudApi.byId), { id: 4, code: 'KG', version: 2 }]])
      .call.like({ fn: crudApi.byId, args: [unitOfMeasure, { id: 4 }] })
      .put(recordLoaded({ resource: 'unitOfMeasure', id: 4, record: { id: 4, code: 'KG', version: 2 } }))
      .run());

  describe('save', () => {
    const values = { departmentCode: 'MIC', departmentName: 'Microbiology' };

    it("Success: toasts 'Record Saved Successfully!' and goes to the list", () =>
      expectSaga(saveRecord, department, saveRequested({ resource: 'department', values }))
        .withReducer(rootReducer, signedIn())
        .provide([[matchers.call.fn(crudApi.save), { status: 'Success', message: 'Record Saved Successfully!', id: 9 }]])
        .call.like({ fn: crudApi.save, args: [department, { ...values, userID: 7 }] })
        .put(saveFinished({ resource: 'department' }))
        .put(notifySuccess('Record Saved Successfully!'))
        .put(navigateTo('/departmentHome'))
        .run());

    it('an update sends id and version', () =>
      expectSaga(saveRecord, department, saveRequested({ resource: 'department', values, id: 4, version: 3 }))
        .withReducer(rootReducer, signedIn())
        .provide([[matchers.call.fn(crudApi.save), { status: 'Success', message: 'Record Saved Successfully!', id: 4 }]])
        .call.like({ fn: crudApi.save, args: [department, { ...values, userID: 7, id: 4, version: 3 }] })
        .put(navigateTo('/departmentHome'))
        .run());

    it('a duplicate shows the rescoremessage and stays', () =>
      expectSaga(saveRecord, department, saveRequested({ resource: 'department', values }))
        .withReducer(rootReducer, signedIn())
        .provide([
          [matchers.call.fn(crudApi.save), { status: 'Failed', status1: 'Success1', rescoremessage: 'This Department Code Is Already Present!' }],
        ])
        .put(notifyError('This Department Code Is Already Present!', 'OOPS!'))
        .not.put.actionType(navigateTo.type)
        .run());

    it('a 400 shows the server message', () =>
      expectSaga(saveRecord, department, saveRequested({ resource: 'department', values }))
        .withReducer(rootReducer, signedIn())
        .provide([[matchers.call.fn(crudApi.save), throwError(httpError(400, { message: 'Please Enter Department Name!' }))]])
        .put(saveFinished({ resource: 'department' }))
        .put(notifyError('Please Enter Department Name!', 'OOPS!'))
        .run());

    it('a 409 frees the form and stays, adding no toast of its own (the data layer offers Reload)', async () => {
      const message = 'This record was changed by someone else since you opened it. Reload it to see the latest version.';
      const result = await expectSaga(saveRecord, department, saveRequested({ resource: 'department', values, id: 4, version: 1 }))
        .withReducer(rootReducer, signedIn())
        .provide([[matchers.call.fn(crudApi.save), throwError(httpError(409, { message }))]])
        .put(saveFinished({ resource: 'department' }))
        .not.put.actionType(navigateTo.type)
        .not.put.actionType(notifyError('', '').type)
        .run();
      expect(selectResourceState(result.storeState as RootState, 'department')).toMatchObject({ saving: false });
    });
  });

  describe('status', () => {
    const start = () => rootReducer(signedIn(), listLoaded({ resource: 'workflowRole', rows: [], total: 30, page: 3, searchText: 'lab' }));

    it("deactivate sends N, shows 'Record Deleted Successfully!' and reloads the page shown", () =>
      expectSaga(changeStatus, workflowRole, statusRequested({ resource: 'workflowRole', id: 5, activeStatus: 'N' }))
        .withReducer(rootReducer, start())
        .provide([[matchers.call.fn(crudApi.status), { status: 'Success', message: 'Record Deleted Successfully!' }]])
        .call.like({ fn: crudApi.status, args: [workflowRole, { id: 5, activeStatus: 'N', userID: 7 }] })
        .put(notifySuccess('Record Deleted Successfully!'))
        .put(statusFinished({ resource: 'workflowRole' }))
        .put(listRequested({ resource: 'workflowRole', page: 3, searchText: 'lab' }))
        .run());

    it("reactivate sends Y and shows 'Deleted Record Successfully Recovered!'", () =>
      expectSaga(changeStatus, workflowRole, statusRequested({ resource: 'workflowRole', id: 5, activeStatus: 'Y' }))
        .withReducer(rootReducer, start())
        .provide([
          [
            matchers.call.fn(crudApi.status),
            { status: 'Success2', status1: 'Success2', message: 'Deleted Record Successfully Recovered!' },
          ],
        ])
        .call.like({ fn: crudApi.status, args: [workflowRole, { id: 5, activeStatus: 'Y', userID: 7 }] })
        .put(notifySuccess('Deleted Record Successfully Recovered!'))
        .put(listRequested({ resource: 'workflowRole', page: 3, searchText: 'lab' }))
        .run());

    it("a failure shows 'Please Check Again!' and still reloads", () =>
      expectSaga(changeStatus, workflowRole, statusRequested({ resource: 'workflowRole', id: 5, activeStatus: 'N' }))
        .withReducer(rootReducer, start())
        .provide([[matchers.call.fn(crudApi.status), throwError(httpError(403, { message: 'You do not have permission.' }))]])
        .put(notifyError('Please Check Again!', 'OOPS!', 'You do not have permission.'))
        .put(listRequested({ resource: 'workflowRole', page: 3, searchText: 'lab' }))
        .run());
  });

  it('reads answers by their status flags (activity duplicates carry status2)', () => {
    expect(answerIs({ status: 'Success', message: 'x' }, department.answers.saved)).toBe(true);
    expect(answerIs({ status: 'Failed', status1: 'Success1', status2: 'Success1' }, activityType.answers.duplicate)).toBe(true);
    expect(answerIs({ status: 'Success' }, department.answers.reactivated)).toBe(false);
    expect(answerIs(undefined, department.answers.saved)).toBe(false);
  });
});
