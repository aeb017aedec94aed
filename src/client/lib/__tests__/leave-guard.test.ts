/**
 * The leave guard on jsdom's real window.history: a held move does not happen until the user leaves; Back is
 * put back and replayed; moves the check lets through go at once.
 */
import { addLeaveCheck, createGuardedHashHistory, dropHeldMove, isMoveHeld, letHeldMoveGo, watchHeldMove } from '../navigation/leave-guard';

/** Waits until the window's hash is `hash` (history.go answers with popstate, later). */
async function hashBecomes(hash: string): Promise<void> {
  for (let i = 0; i < 100 && window.location.hash !== hash; i++) await new Promise((r) => setTimeout(r, 10));
  expect(window.location.hash).toBe(hash);
}
const settle = () => new Promise((r) => setTimeout(r, 50));

let removeCheck: (() => void) | null = null;
afterEach(() => {
  removeCheck?.();
  removeCheck = null;
  dropHeldMove();
});

function start() {
  window.history.replaceState(null, '', '#/departmentHome');
  const history = createGuardedHashHistory();
  const seen: string[] = [];
  const stop = history.listen(({ location }) => seen.push(location.pathname));
  return { history, seen, stop };
}

/** A changed form on /department: any move to another screen is held. */
const guardForm = () => {
  removeCheck = addLeaveCheck((from, to) => from === '/department' && from !== to);
};

test('a move from a changed form is held until the user leaves, and happens then', async () => {
  const { history, seen, stop } = start();
  history.push('/department');
  guardForm();
  const told = jest.fn();
  const unwatch = watchHeldMove(told);

  history.push('/designationHome');
  expect(isMoveHeld()).toBe(true);
  expect(told).toHaveBeenCalledTimes(1);
  expect(window.location.hash).toBe('#/department');
  expect(history.location.pathname).toBe('/department');

  letHeldMoveGo();
  expect(isMoveHeld()).toBe(false);
  expect(window.location.hash).toBe('#/designationHome');
  expect(seen).toEqual(['/department', '/designationHome']);
  unwatch();
  stop();
});

test('staying drops the held move; a new query on the same screen and moves without a changed form are not held', async () => {
  const { history, seen, stop } = start();
  history.push('/department');
  guardForm();

  history.replace('/designationHome');
  expect(isMoveHeld()).toBe(true);
  dropHeldMove();
  expect(isMoveHeld()).toBe(false);
  await settle();
  expect(window.location.hash).toBe('#/department');

  history.push('/department?tab=2');
  expect(isMoveHeld()).toBe(false);
  expect(window.location.hash).toBe('#/department?tab=2');

  removeCheck?.();
  removeCheck = null;
  history.push('/designationHome');
  expect(isMoveHeld()).toBe(false);
  expect(seen).toEqual(['/department', '/department', '/designationHome']);
  stop();
});

test('Back from a changed form is put back and held; leaving replays it', async () => {
  const { history, seen, stop } = start();
  history.push('/department');
  guardForm();

  window.history.back();
  await settle();
  // The browser went back, the guard put the form's entry back, and the router never saw the list.
  await hashBecomes('#/department');
  expect(isMoveHeld()).toBe(true);
  expect(seen).toEqual(['/department']);

  letHeldMoveGo();
  await hashBecomes('#/departmentHome');
  await settle();
  expect(seen).toEqual(['/department', '/departmentHome']);
  expect(isMoveHeld()).toBe(false);
  stop();
});
