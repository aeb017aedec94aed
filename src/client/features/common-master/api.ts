/**
 * The calls of the common master entry screens and the parameter configuration screen: POST
 * /api/master/<legacy name> (spec 000 section 7), through the app's one HTTP client (lib/http).
 */
import { postTo } from '../../lib/api';

export const postMaster = <T>(name: string, body: unknown): Promise<T> => postTo<T>({ group: 'master', name }, body);
