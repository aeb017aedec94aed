/**
 * The calls of the common master entry screens and the parameter configuration screen: POST
 * /api/master/<legacy name> (spec 000 section 7), through the app's one HTTP client (lib/http).
 */
import { path } from '../../../shared/contract/endpoints';
import { loadHttp } from '../../lib/api';

export async function postMaster<T>(name: string, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(path({ group: 'master', name }), body);
}
