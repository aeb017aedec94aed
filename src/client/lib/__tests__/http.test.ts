import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { api } from '../api';
import { http } from '../http';
import { saveSession } from '../storage';
import { loginResponse } from '../../test-support/fixtures';

const seen: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  return { data: { message: 'SUCCESS', status: 'OK' }, status: 200, statusText: 'OK', headers: {}, config };
};

beforeAll(() => {
  http.defaults.adapter = adapter;
});
beforeEach(() => {
  seen.length = 0;
});

describe('the HTTP client', () => {
  it('posts JSON to /api/... and returns the body', async () => {
    await expect(api.checkLogin({ accessToken: 'a' })).resolves.toEqual({ message: 'SUCCESS', status: 'OK' });
    expect(seen[0]).toMatchObject({ method: 'post', url: '/api/transaction/checklogin', data: JSON.stringify({ accessToken: 'a' }) });
  });

  it('sends the credential headers from storage on every call but sign-in', async () => {
    saveSession(loginResponse({ token: 'tok', accessToken: 'acc', dbName: 'tenant1' }));
    await api.menuOfUser({ username: 'asha' });
    await api.signIn({ username: 'asha', password: 'x' });
    const [menu, signin] = seen;
    expect(menu.headers.get('authorization')).toBe('Bearer acc');
    expect(menu.headers.get('token')).toBe('tok');
    expect(menu.headers.get('dbname')).toBe('tenant1');
    expect(signin.url).toBe('/api/auth/signin');
    expect(signin.headers.get('authorization')).toBeUndefined();
    expect(signin.headers.get('token')).toBeUndefined();
  });

  it('falls back to the runtime default database name', async () => {
    await api.logout();
    expect(seen[0].headers.get('dbname')).toBe('soillims');
    expect(seen[0].headers.get('authorization')).toBeUndefined();
  });
});
