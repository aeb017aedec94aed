import {
  actionForStatus, allowedActions, checkTransition, nextStatus, transitionFor, workflowMode, type ActivityAction, type StoredStatus,
} from '..';

/** The status machine: the transition table and who may take each transition. */
const OWNER = 1;
const MANAGER = 2;
const OTHER = 3;
const ctx = (status: StoredStatus, callerId: number, ownerId: number | null = OWNER, reportingManagerId: number | null = MANAGER) => ({
  status, ownerId, reportingManagerId, callerId,
});

describe('transition table', () => {
  test.each<[StoredStatus, ActivityAction, StoredStatus | undefined]>([
    [null, 'submit', 'S'], ['R', 'submit', 'S'], ['S', 'approve', 'A'], ['S', 'revert', 'R'],
    [null, 'approve', undefined], [null, 'revert', undefined], ['S', 'submit', undefined], ['A', 'submit', undefined],
    ['A', 'approve', undefined], ['A', 'revert', undefined], ['R', 'approve', undefined], ['R', 'revert', undefined],
  ])('%s --%s--> %s', (from, action, to) => {
    expect(transitionFor(from, action)?.to).toBe(to);
    expect(nextStatus(from, action)).toBe(to ?? from);
  });

  test("the client's 'Y' is none; the legacy status names the action", () => {
    expect(transitionFor('Y', 'submit')?.to).toBe('S');
    expect([actionForStatus('S'), actionForStatus('A'), actionForStatus('R'), actionForStatus('Y'), actionForStatus(null)]).toEqual(['submit', 'approve', 'revert', undefined, undefined]);
  });
});

describe('checkTransition', () => {
  test('the owner submits (anyone may make the first submit); nobody else resubmits', () => {
    expect(checkTransition(ctx(null, OTHER, null, null), 'submit')).toMatchObject({ ok: true, transition: { to: 'S' } });
    expect(checkTransition(ctx('R', OWNER), 'submit')).toMatchObject({ ok: true });
    expect(checkTransition(ctx('R', OTHER), 'submit')).toEqual({ ok: false, reason: 'notOwner' });
    expect(checkTransition(ctx('R', MANAGER), 'submit')).toEqual({ ok: false, reason: 'notOwner' });
  });

  test('only the reporting manager approves or reverts, never their own submission', () => {
    expect(checkTransition(ctx('S', MANAGER), 'approve')).toMatchObject({ ok: true, transition: { to: 'A' } });
    expect(checkTransition(ctx('S', MANAGER), 'revert', 'why')).toMatchObject({ ok: true, transition: { to: 'R' } });
    expect(checkTransition(ctx('S', OWNER), 'approve')).toEqual({ ok: false, reason: 'notManager' });
    expect(checkTransition(ctx('S', OTHER), 'revert', 'x')).toEqual({ ok: false, reason: 'notManager' });
    expect(checkTransition(ctx('S', OWNER, OWNER, OWNER), 'approve')).toEqual({ ok: false, reason: 'ownSubmission' });
  });

  test('a revert needs a remark of at most 200 characters; the remark is checked first', () => {
    for (const r of [undefined, null, '', '  ']) expect(checkTransition(ctx('S', MANAGER), 'revert', r)).toEqual({ ok: false, reason: 'remarkRequired' });
    expect(checkTransition(ctx('A', MANAGER), 'revert')).toEqual({ ok: false, reason: 'remarkRequired' });
    expect(checkTransition(ctx('S', MANAGER), 'revert', 'x'.repeat(201))).toEqual({ ok: false, reason: 'remarkTooLong' });
    expect(checkTransition(ctx('S', MANAGER), 'revert', 'x'.repeat(200)).ok).toBe(true);
  });

  test('illegal transitions come before the actor', () => {
    expect(checkTransition(ctx('S', OWNER), 'submit')).toEqual({ ok: false, reason: 'illegal' });
    expect(checkTransition(ctx('A', MANAGER), 'approve')).toEqual({ ok: false, reason: 'illegal' });
    expect(checkTransition(ctx(null, MANAGER, null, null), 'approve')).toEqual({ ok: false, reason: 'illegal' });
  });
});

describe('allowedActions and workflowMode', () => {
  test.each<[StoredStatus, number, ActivityAction[], string]>([
    [null, OWNER, ['submit'], 'owner'],
    ['S', OWNER, [], 'view'],
    ['S', MANAGER, ['approve', 'revert'], 'manager'],
    ['S', OTHER, [], 'view'],
    ['R', OWNER, ['submit'], 'owner'],
    ['R', MANAGER, [], 'view'],
    ['A', OWNER, [], 'view'],
    ['A', MANAGER, [], 'view'],
  ])('status %s, caller %s', (status, caller, allowed, mode) => {
    expect(allowedActions(ctx(status, caller))).toEqual(allowed);
    expect(workflowMode(ctx(status, caller))).toBe(mode);
  });
});
