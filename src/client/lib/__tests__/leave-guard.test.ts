/**
 * The leave guard on jsdom's real window.history: a held move does not happen until the user leaves; Back is
 * put back and replayed; moves the check lets through go at once.
 */
import { addLeaveCheck, createGuardedHashHistory, dropHeldMove, heldBy, letHeldMoveGo, watchHeldMove } from '../navigation/leave-guard';

const form = { name: 'the department form' };
const isMoveHeld = () => heldBy() !== null;

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
  removeCheck = addLeaveCheck((from, to) => from === '/department' && from !== to, form);
};

test('a move from a changed form is held until the user leaves, and happens then', async () => {
  const { history, seen, stop } = start();
  history.push('/department');
  guardForm();
  const told = jest.fn();
  const unwatch = watchHeldMove(told);

  history.push('/designationHome');
  expect(heldBy()).toBe(form);
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

test('a held move belongs to its guard: another guard leaving does not drop it; its own guard leaving does, and nothing moves later', async () => {
  const { history, seen, stop } = start();
  history.push('/department');
  guardForm();
  history.push('/designationHome');
  expect(heldBy()).toBe(form);

  dropHeldMove({ name: 'another screen' });
  expect(heldBy()).toBe(form);
  // The form leaves the screen (say the session ended): its question goes, and the held move never happens.
  removeCheck?.();
  removeCheck = null;
  dropHeldMove(form);
  expect(isMoveHeld()).toBe(false);
  letHeldMoveGo();
  await settle();
  expect(window.location.hash).toBe('#/department');
  expect(seen).toEqual(['/department']);
  stop();
});

test('a move that goes through (no changed form any more) makes a question still open moot', async () => {
  const { history, stop } = start();
  history.push('/department');
  guardForm();
  history.push('/designationHome');
  expect(isMoveHeld()).toBe(true);
  removeCheck?.();
  removeCheck = null;
  history.push('/unitOfMeasureHome');
  expect(isMoveHeld()).toBe(false);
  letHeldMoveGo();
  expect(window.location.hash).toBe('#/unitOfMeasureHome');
  stop();
});
