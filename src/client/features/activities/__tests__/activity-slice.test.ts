import {
  activitiesReducer, initialActivitiesState, listLoaded, listRequested, screenLoaded, screenRequested, transitionFailed,
  transitionRequested, transitionSucceeded, type ActivitiesState, type ScreenKey,
} from '../activity-slice';
import type { StoredStatus } from '../../../../shared/workflow';
import { button, listRow, paramconf } from './fixtures';

const key: ScreenKey = { level: 'Level 1', actid: 11, samplenov: 'SC0001-1', sampleno: 'SC0001', pncode: null, pageno: 2 };
const answer = { message: 'Success' as const, status: 'S' as const, trnid: 55, version: 4 };

function opened(status: StoredStatus): ActivitiesState {
  const s = activitiesReducer(initialActivitiesState, screenRequested(key));
  return activitiesReducer(s, screenLoaded({ buttons: [button({ status })], paramconf: paramconf(status) }));
}
const ask = (action: 'submit' | 'approve' | 'revert', remarks = '') => transitionRequested({ action, values: {}, remarks });

test('a list load keeps the page and search, then the rows and their total', () => {
  let s = activitiesReducer(initialActivitiesState, listRequested({ level: 'Level 2', page: 3, searchText: 'ISO' }));
  expect(s.lists['Level 2']).toMatchObject({ loading: true, page: 3, searchText: 'ISO', loaded: false });
  s = activitiesReducer(s, listLoaded({ level: 'Level 2', rows: [listRow(1, { totalItems: 23 })] }));
  expect(s.lists['Level 2']).toMatchObject({ loading: false, loaded: true, total: 23 });
  expect(s.lists['Level 1']).toEqual(initialActivitiesState.lists['Level 1']);
});

test('a loaded screen takes its status from the answer', () => {
  const s = opened('R');
  expect(s.screen).toMatchObject({ key, status: 'R', loading: false, pending: null });
});

describe('the status machine (shared/workflow transitions)', () => {
  test.each([
    [null, 'submit', 'S'],
    ['R', 'submit', 'S'],
    ['S', 'approve', 'A'],
    ['S', 'revert', 'R'],
  ] as const)('from %s, %s leads to %s', (from, action, to) => {
    let s = activitiesReducer(opened(from), ask(action, 'needs a re-check'));
    expect(s.screen.pending).toBe(action);
    s = activitiesReducer(s, transitionSucceeded({ action, answer: { ...answer, status: to } }));
    expect(s.screen.status).toBe(to);
    expect(s.screen.pending).toBeNull();
    expect(s.screen.paramconf?.version).toBe(4);
    expect(s.screen.buttons[0].status).toBe(to);
  });

  test.each([
    [null, 'approve'], [null, 'revert'], ['S', 'submit'], ['A', 'submit'], ['A', 'approve'], ['A', 'revert'], ['R', 'approve'], ['R', 'revert'],
  ] as const)('from %s, %s is illegal and changes nothing', (from, action) => {
    const before = opened(from);
    expect(activitiesReducer(before, ask(action, 'a remark'))).toBe(before);
  });

  test('a revert without a remark changes nothing', () => {
    const before = opened('S');
    expect(activitiesReducer(before, ask('revert', '   '))).toBe(before);
  });

  test('a second request while one is pending changes nothing; a failure frees it', () => {
    const pending = activitiesReducer(opened('S'), ask('approve'));
    expect(activitiesReducer(pending, ask('revert', 'why'))).toBe(pending);
    const failed = activitiesReducer(pending, transitionFailed());
    expect(failed.screen).toMatchObject({ pending: null, status: 'S' });
  });

  test('a success for another action than the pending one changes nothing', () => {
    const pending = activitiesReducer(opened('S'), ask('approve'));
    expect(activitiesReducer(pending, transitionSucceeded({ action: 'revert', answer }))).toBe(pending);
  });

  test('nothing is asked before the screen has loaded', () => {
    const s = activitiesReducer(initialActivitiesState, screenRequested(key));
    expect(activitiesReducer(s, ask('submit'))).toBe(s);
  });
});
