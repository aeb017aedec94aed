/**
 * The one answer to 401 / 409 / no answer / 5xx: every call goes through lib/api's postJson to the real axios
 * instance (its adapter plays the server here), into a real store with its sagas running.
 */
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { waitFor } from '@testing-library/react';
import { MSG } from '../../../shared/contract/messages';
import { decryptFromTransport } from '../../../shared/transport/aes';
import { createAppStore } from '../../app/store';
import { crudApi } from '../../crud/crud-api';
import { reauthRequested } from '../../app/session-slice';
import { locationChanged } from '../navigation/navigation';
import { api } from '../api';
import { http } from '../http';
import { DATA_KEPT_MSG } from '../http-failures';
import { FALLBACK_CONFIG } from '../runtime-config';
import { saveSession } from '../storage';
import { loginResponse } from '../../test-support/fixtures';

type Answer = { status: number; data?: unknown } | 'network';
let answers: Record<string, Answer> = {};
const seen: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  const answer = answers[config.url ?? ''] ?? { status: 200, data: {} };
  if (answer === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  const response = { data: answer.data ?? {}, status: answer.status, statusText: String(answer.status), headers: {}, config };
  if (answer.status >= 400) throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  return response;
};

beforeAll(() => {
  http.defaults.adapter = adapter;
});
beforeEach(() => {
  answers = {};
  seen.length = 0;
  document.body.innerHTML = '';
});

/** A signed-in app store (sagas running) on the route /sampleInward with a form in the shell's <main>. */
async function signedInApp() {
  saveSession(loginResponse());
  const { store, task } = createAppStore();
  store.dispatch(locationChanged({ pathname: '/sampleInward' }));
  document.body.innerHTML = `<main><form>
    <input name="farmerName" value="">
    <textarea name="remarks"></textarea>
    <input name="organic" type="checkbox">
    <input name="secret" type="password" value="">
  </form></main>`;
  await waitFor(() => expect(store.getState().session.status).toBe('signedIn'));
  return { store, task };
}

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const toasts = (store: ReturnType<typeof createAppStore>['store']) => store.getState().notify.queue.map((n) => n.message);

describe('the data layer answers shared failures once', () => {
  it('401: keeps the form as a draft, opens the sign-in dialog, and signing in again puts the draft back', async () => {
    const { store, task } = await signedInApp();
    field('farmerName').value = 'Ramesh';
    (document.querySelector('[name="remarks"]') as HTMLTextAreaElement).value = 'wet clay';
    field('organic').checked = true;
    field('secret').value = 'never kept';
    answers['/api/master/saveDepartment'] = { status: 401, data: { message: 'login again' } };

    await expect(crudApi.call('saveDepartment', { name: 'x' })).rejects.toThrow('401');
    await waitFor(() => expect(store.getState().session.reauth).toBe('open'));
    expect(store.getState().session.status).toBe('signedIn'); // not signed out: the screen stays
    const draft = JSON.parse(sessionStorage.getItem('draft:/sampleInward') ?? '{}');
    expect(draft).toEqual({ farmerName: 'Ramesh', remarks: 'wet clay', organic: true });
    expect(toasts(store)).toEqual([]);

    // The page lost the values (e.g. reloaded); signing in again as the same user brings them back.
    field('farmerName').value = '';
    field('organic').checked = false;
    const fresh = loginResponse({ accessToken: 'acc-new', token: 'tok-new' });
    answers['/api/auth/signin'] = { status: 200, data: fresh };
    store.dispatch(reauthRequested({ password: 'Secret#123' }));
    await waitFor(() => expect(store.getState().session.reauth).toBe('closed'));
    const signin = seen.find((c) => c.url === '/api/auth/signin')!;
    const body = JSON.parse(String(signin.data));
    expect(body.username).toBe('asha');
    expect(decryptFromTransport(body.password, FALLBACK_CONFIG.cryptoKey)).toBe('Secret#123');
    expect(field('farmerName').value).toBe('Ramesh');
    expect(field('organic').checked).toBe(true);
    expect(sessionStorage.getItem('draft:/sampleInward')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBe('acc-new');
    task?.cancel();
  });

  it('a wrong password in the dialog says so and keeps the dialog open', async () => {
    const { store, task } = await signedInApp();
    answers['/api/master/x'] = { status: 401 };
    await expect(crudApi.call('x')).rejects.toThrow();
    await waitFor(() => expect(store.getState().session.reauth).toBe('open'));
    answers['/api/auth/signin'] = { status: 200, data: { message: 'Invalid Credentials' } };
    store.dispatch(reauthRequested({ password: 'wrong' }));
    await waitFor(() => expect(toasts(store)).toEqual([MSG.credentialsWrong]));
    expect(store.getState().session.reauth).toBe('open');
    task?.cancel();
  });

  it('409: records the server sentence for the Reload offer, without a toast', async () => {
    const { store, task } = await signedInApp();
    answers['/api/master/saveDepartment'] = { status: 409, data: { message: 'Changed by someone else.' } };
    await expect(crudApi.call('saveDepartment')).rejects.toThrow('409');
    expect(store.getState().httpFailure.stale).toBe('Changed by someone else.');
    expect(toasts(store)).toEqual([]);
    store.dispatch(locationChanged({ pathname: '/elsewhere' }));
    expect(store.getState().httpFailure.stale).toBeNull();
    task?.cancel();
  });

  it.each<[string, Answer]>([
    ['no answer', 'network'],
    ['a server fault (500)', { status: 500, data: { message: 'boom' } }],
  ])('%s: one message that the data is still on screen; the caller still gets the error', async (_name, answer) => {
    const { store, task } = await signedInApp();
    answers['/api/master/saveDepartment'] = answer;
    await expect(crudApi.call('saveDepartment')).rejects.toBeInstanceOf(AxiosError);
    expect(toasts(store)).toEqual([DATA_KEPT_MSG]);
    expect(store.getState().session.reauth).toBe('closed');
    task?.cancel();
  });

  it('a business refusal (400) is left to the screen', async () => {
    const { store, task } = await signedInApp();
    answers['/api/master/saveDepartment'] = { status: 400, data: { message: 'Please Enter Department Name!' } };
    await expect(crudApi.call('saveDepartment')).rejects.toThrow('400');
    expect(toasts(store)).toEqual([]);
    expect(store.getState().httpFailure.stale).toBeNull();
    task?.cancel();
  });

  it('sign-in answers its own failures, and a failed background session check is no news', async () => {
    const { store, task } = await signedInApp();
    answers['/api/auth/signin'] = 'network';
    answers['/api/transaction/checklogin'] = 'network';
    await expect(api.signIn({ username: 'a', password: 'b' })).rejects.toThrow();
    await expect(api.checkLogin({ accessToken: 'x' })).rejects.toThrow();
    expect(toasts(store)).toEqual([]);
    task?.cancel();
  });
});
