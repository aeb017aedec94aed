/**
 * The one axios instance (loaded on first use, see lib/api.ts). Credential headers go on every call
 * except sign-in, which sends none (spec 000 section 7).
 */
import axios from 'axios';
import { AUTH_ENDPOINTS, path } from '../../shared/contract/endpoints';
import { HEADER } from '../../shared/contract/session';
import { getRuntimeConfig } from './runtime-config';
import { getAccessToken, getDbName, getToken } from './storage';

export const SIGNIN_URL = path(AUTH_ENDPOINTS.signin);

export const http = axios.create({
  baseURL: '',
  headers: { 'Content-Type': 'application/json' },
  timeout: 30_000,
});

http.interceptors.request.use((config) => {
  if (config.url === SIGNIN_URL) return config;
  const accessToken = getAccessToken();
  const token = getToken();
  if (accessToken) config.headers.set(HEADER.authorization, `Bearer ${accessToken}`);
  if (token) config.headers.set(HEADER.token, token);
  config.headers.set(HEADER.dbName, getDbName() || getRuntimeConfig().defaultDbName);
  return config;
});

export async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await http.post<T>(url, body);
  return res.data;
}
