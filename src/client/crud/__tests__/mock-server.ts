/**
 * Test support for CRUD screens: answers the mocked HTTP layer (lib/http `post`) by legacy endpoint name,
 * and records the calls. Use with `jest.mock('<path to>/lib/http', () => ({ post: jest.fn() }))`.
 */
import { act } from '@testing-library/react';
import type { Task } from 'redux-saga';
import { post } from '../../lib/http';
import { saveSession } from '../../lib/storage';
import { fullMenu, loginResponse } from '../../test-support/fixtures';

export type Handler = (body: Record<string, unknown>) => unknown;

const mockedPost = post as unknown as jest.Mock;

/**
 * Answers `/api/<group>/<name>` with handlers[name] (a throw becomes a rejected call); others answer undefined.
 * The user's menu (menuofUserforjosn) is the whole default menu unless a handler answers it: the shell opens a
 * screen only when the menu grants it.
 */
export function answer(handlers: Record<string, Handler>): void {
  const all: Record<string, Handler> = { menuofUserforjosn: () => fullMenu, ...handlers };
  mockedPost.mockImplementation(async (url: string, body: Record<string, unknown>) => {
    const name = url.split('/').pop() as string;
    const handler = all[name];
    return handler ? handler(body) : undefined;
  });
}

/** The bodies sent to one endpoint, in order. */
export function callsTo(name: string): Array<Record<string, unknown>> {
  return mockedPost.mock.calls.filter(([url]) => String(url).endsWith(`/${name}`)).map(([, body]) => body as Record<string, unknown>);
}

/** Signed in as user 7 (the stored session is restored when the store starts); `over` changes the role flags. */
export function signIn(over: Parameters<typeof loginResponse>[0] = {}): void {
  saveSession(loginResponse(over));
}

/** Cancels the root saga (its session check loop) at the end of a test. */
export async function stop(task: Task | null): Promise<void> {
  await act(async () => {
    task?.cancel();
  });
}

/** Ten-per-page rows of a department list with `total` rows. */
export function departmentPage(page: number, total: number): Array<Record<string, unknown>> {
  const count = Math.max(0, Math.min(10, total - (page - 1) * 10));
  return Array.from({ length: count }, (_, i) => {
    const n = (page - 1) * 10 + i + 1;
    return {
      id: n,
      srno: n,
      departmentCode: `D${String(n).padStart(3, '0')}`,
      departmentName: `Department ${n}`,
      activeStatus: n % 2 === 1 ? 'Y' : 'N',
      totalItems: total,
    };
  });
}
