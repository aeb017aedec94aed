/**
 * Redux DevTools for auditors: the store connects to the extension (whatever the build) with sanitizers, and
 * neither what the extension sees nor the downloadable session log holds a password, a token or the transport key.
 */
import { compose, type UnknownAction } from '@reduxjs/toolkit';
import { MSG } from '../../../shared/contract/messages';
import { loginResponse } from '../../test-support/fixtures';
import { FALLBACK_CONFIG } from '../runtime-config';
import { REDACTED, createSessionLog } from '../session-log';

type Sanitizers = { actionSanitizer(a: unknown, id: number): unknown; stateSanitizer(s: unknown, i: number): unknown; maxAge?: number };
let devToolsOptions: Sanitizers | null = null;

const PASSWORD = 'Secret#Pass123';
const NEW_PASSWORD = 'NewSecret#456';
const SECRETS = [PASSWORD, NEW_PASSWORD, 'tok-123', 'acc-456', FALLBACK_CONFIG.cryptoKey];

function loadStoreWithExtension() {
  // What the Redux DevTools extension installs on the page before the app starts.
  (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: Sanitizers) => {
    devToolsOptions = options;
    return compose;
  };
  let mod: typeof import('../../app/store') | undefined;
  let slice: typeof import('../../app/session-slice') | undefined;
  let crud: typeof import('../../crud/crud-slice') | undefined;
  let log: typeof import('../session-log') | undefined;
  jest.isolateModules(() => {
    log = jest.requireActual<typeof import('../session-log')>('../session-log');
    mod = jest.requireActual<typeof import('../../app/store')>('../../app/store');
    slice = jest.requireActual<typeof import('../../app/session-slice')>('../../app/session-slice');
    crud = jest.requireActual<typeof import('../../crud/crud-slice')>('../../crud/crud-slice');
  });
  return { ...mod!, ...slice!, ...crud!, sessionLogOf: log!.sessionLogOf };
}

describe('the session log and DevTools see no secrets', () => {
  it('sign-in, re-sign-in, password change and save actions carrying secrets are sanitized everywhere', () => {
    const m = loadStoreWithExtension();
    const { store } = m.createAppStore({ runSagas: false });
    expect(devToolsOptions).not.toBeNull();

    const actions: UnknownAction[] = [
      m.signInRequested({ username: 'asha', password: PASSWORD }),
      m.signInSucceeded(loginResponse()),
      m.reauthRequested({ password: PASSWORD }),
      m.changePasswordRequested({ userid: 7, username: 'asha', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      m.saveRequested({ resource: 'employee', values: { loginname: 'ravi', password: PASSWORD, remark: FALLBACK_CONFIG.cryptoKey } }),
    ];
    for (const a of actions) store.dispatch(a);

    // What the extension receives: each action and each state through its sanitizers.
    const seenByDevTools = JSON.stringify([
      ...actions.map((a, i) => devToolsOptions!.actionSanitizer(a, i)),
      devToolsOptions!.stateSanitizer(store.getState(), 0),
    ]);
    // The downloadable log (and what Redux DevTools would replay from it).
    const file = m.sessionLogOf(store)!.exportForDevTools();
    const parsed = JSON.parse(file) as { payload: string; preloadedState: string };
    const logged = JSON.parse(parsed.payload) as UnknownAction[];

    for (const secret of SECRETS) {
      expect(seenByDevTools).not.toContain(secret);
      expect(file).not.toContain(secret);
    }
    expect(seenByDevTools).toContain(REDACTED);
    // The log is still useful: the actions, in order, with what is not secret.
    expect(logged.map((a) => a.type)).toEqual(actions.map((a) => a.type));
    expect(logged[0]).toEqual({ type: 'session/signInRequested', payload: { username: 'asha', password: REDACTED } });
    expect((logged[1].payload as { username: string; message: string }).message).toBe(MSG.success);
    // The raw store still has what the app needs (sanitizing copies, it does not change state).
    expect(store.getState().session.user?.accessToken).toBe('acc-456');
  });

  it('keeps at most its limit of actions, and the state before the oldest one for the replay', () => {
    const log = createSessionLog(3);
    let state = 0;
    const api = { getState: () => state, dispatch: (a: unknown) => a };
    const dispatch = log.middleware(api as never)((a: unknown) => {
      state += 1;
      return a;
    });
    for (let i = 1; i <= 5; i += 1) dispatch({ type: `a${i}` });
    expect(log.actions().map((a) => a.type)).toEqual(['a3', 'a4', 'a5']);
    expect(JSON.parse(JSON.parse(log.exportForDevTools()).preloadedState)).toBe(2);
  });
});
