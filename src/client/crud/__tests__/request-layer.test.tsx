/**
 * The request layer (request-slice, request-saga, use-request) through the real store and sagas, with only
 * the HTTP client mocked: a query's answer lands in the slice and on screen, a newer body replaces an older
 * one whose answer arrives late, a command resolves and rejects for the screen, a refusal toasts once, a 401
 * is left to the central path, and a closed screen's entries are dropped.
 */
import { useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MENU_ADMIN_ENDPOINTS } from '../../../shared/contract/menu-endpoints';
import { createAppStore } from '../../app/store';
import { AppProviders } from '../../app/providers';
import { http, post } from '../../lib/http';
import { openTabFor } from '../../lib/open-file';
import { sessionLogOf } from '../../lib/session-log';
import { httpError } from '../../test-support/fixtures';
import { ChangeReasonPrompt } from '../change-reason-prompt';
import { useChange, useChangeAnswer, useQuery, useRequestEntry } from '../use-request';
import { stop } from './mock-server';

jest.mock('../../lib/http', () => ({ post: jest.fn(), http: { post: jest.fn() } }));
const mockedPost = post as unknown as jest.Mock;
/** The HTTP client's own post, which file downloads use (blob answers with headers). */
const mockedFilePost = http.post as unknown as jest.Mock;
afterEach(() => jest.clearAllMocks());

const LIST = MENU_ADMIN_ENDPOINTS.getAllgroup;
const SAVE = MENU_ADMIN_ENDPOINTS.SaveUserGroup;

function Lister() {
  const [text, setText] = useState('a');
  const q = useQuery<string[]>(LIST, { text }, { key: 'groups', failureText: 'Could not load.' });
  return (
    <div>
      <button type="button" onClick={() => setText('b')}>to b</button>
      <output aria-label="rows">{q.loading ? 'loading' : (q.data ?? []).join(',')}</output>
    </div>
  );
}

/** A save whose answer the screen shows itself (useChangeAnswer), as the Sample Code dialog does. */
function Saver() {
  const change = useChange();
  const saved = useChangeAnswer<{ status: string }>('groups:save');
  const entry = useRequestEntry('groups:save');
  const save = () => change(SAVE, { updategroupname: 'X' }, { key: 'groups:save', failureText: 'Not saved.' });
  return (
    <div>
      <button type="button" onClick={save}>save</button>
      <button type="button" onClick={saved.dismiss}>dismiss</button>
      <output aria-label="said">{saved.answer ? `answer ${saved.answer.status}` : entry?.status === 'failed' ? `refused ${entry.httpStatus ?? ''}${entry.handled ? ' handled' : ''}` : ''}</output>
    </div>
  );
}

function mount(ui: ReactElement) {
  const { store, task } = createAppStore();
  const utils = render(<AppProviders store={store}>{ui}</AppProviders>);
  return { ...utils, store, task };
}

test('a query posts its body through the saga, shows the answer, and a newer body wins over a late older answer', async () => {
  let releaseA: (v: unknown) => void = () => undefined;
  mockedPost.mockImplementation((_url: string, body: { text: string }) =>
    body.text === 'a' ? new Promise((r) => { releaseA = r; }) : Promise.resolve(['b1', 'b2']));
  const { store, task, unmount } = mount(<Lister />);
  expect(screen.getByLabelText('rows').textContent).toBe('loading');
  fireEvent.click(screen.getByText('to b'));
  await waitFor(() => expect(screen.getByLabelText('rows').textContent).toBe('b1,b2'));
  await act(async () => releaseA(['a1']));
  expect(screen.getByLabelText('rows').textContent).toBe('b1,b2');
  expect(mockedPost.mock.calls.map(([url, body]) => [url, body])).toEqual([['/api/menu/getAllgroup', { text: 'a' }], ['/api/menu/getAllgroup', { text: 'b' }]]);
  // The calls are actions an auditor can replay: endpoint and body are in the session log.
  const logged = sessionLogOf(store)?.actions().map((a) => a.type) ?? [];
  expect(logged.filter((t) => t.startsWith('requests/'))).toEqual(['requests/requested', 'requests/requested', 'requests/succeeded']);
  unmount();
  expect((store.getState() as { requests?: Record<string, unknown> }).requests?.groups).toBeUndefined();
  await stop(task);
});

test('a change\'s answer is shown by the screen until dismissed; a refusal toasts the screen text once; a 401 is left to the central path', async () => {
  const { store, task } = mount(<Saver />);
  mockedPost.mockResolvedValueOnce({ status: 'OK' });
  fireEvent.click(screen.getByText('save'));
  await waitFor(() => expect(screen.getByLabelText('said').textContent).toBe('answer OK'));
  fireEvent.click(screen.getByText('dismiss'));
  expect(screen.getByLabelText('said').textContent).toBe('');

  mockedPost.mockRejectedValueOnce(httpError(400, { message: 'The name is taken.' }));
  fireEvent.click(screen.getByText('save'));
  await waitFor(() => expect(screen.getByLabelText('said').textContent).toBe('refused 400'));
  const toasts = () => (sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'notify/enqueued')
    .map((a) => (a as unknown as { payload: { message: string; detail?: string } }).payload);
  expect(toasts().filter((n) => n.message === 'Not saved.')).toEqual([expect.objectContaining({ detail: 'The name is taken.' })]);

  mockedPost.mockRejectedValueOnce(httpError(401, { message: 'login again' }));
  fireEvent.click(screen.getByText('save'));
  await waitFor(() => expect(screen.getByLabelText('said').textContent).toBe('refused 401 handled'));
  expect(toasts().filter((n) => n.message === 'Not saved.')).toHaveLength(1);
  await stop(task);
});

describe('a change and its follow-up (useChange)', () => {
  const DELETE = MENU_ADMIN_ENDPOINTS.deletegroup;
  const OUTCOME = {
    okWhen: { field: 'status', value: 'OK' },
    success: { field: 'message', text: 'Deleted.' },
    navigate: '/newGrouphome',
    refused: { field: 'rescoremessage', text: 'Please Check Again!', title: 'Oops' },
  };
  function Changer() {
    const change = useChange();
    const list = useQuery<string[]>(LIST, {}, { key: 'groups', reloadAfter: 'groups:delete' });
    return (
      <div>
        <button type="button" onClick={() => change(DELETE, { id: 3 }, { key: 'groups:delete', failureText: 'Could not delete.', outcome: OUTCOME })}>delete</button>
        <output data-testid="list">{(list.data ?? []).join(',')}</output>
      </div>
    );
  }

  test('a success toasts the answer\'s message and moves on; a refusal toasts its sentence; the list asks again after each', async () => {
    const answers: unknown[] = [{ status: 'OK', message: 'Group deleted.' }, { status: 'NO', rescoremessage: 'The group still has users.' }, { status: 'NO' }];
    mockedPost.mockImplementation((url: string) => Promise.resolve(url.endsWith('/getAllgroup') ? ['a'] : answers.shift()));
    const { store, task } = createAppStore();
    render(<AppProviders store={store}><Changer /></AppProviders>);
    await waitFor(() => expect(screen.getByTestId('list').textContent).toBe('a'));
    const lists = () => mockedPost.mock.calls.filter(([u]) => String(u).endsWith('/getAllgroup')).length;
    type Note = { variant: string; title?: string; message: string };
    const toasts = () => (sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'notify/enqueued')
      .map((a) => (a as unknown as { payload: Note }).payload).map((n) => `${n.variant}:${n.title ?? ''}:${n.message}`);

    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(lists()).toBe(2));
    expect(toasts()).toContain('success::Group deleted.');
    const moves = () => (sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'navigation/navigateTo').map((a) => (a as unknown as { payload: { to: string } }).payload.to);
    expect(moves()).toEqual(['/newGrouphome']);

    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(lists()).toBe(3));
    expect(toasts()).toContain('error:Oops:The group still has users.');
    // no sentence in the answer: the screen's text
    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(lists()).toBe(4));
    expect(toasts()).toContain('error:Oops:Please Check Again!');
    expect(mockedPost.mock.calls.filter(([u]) => String(u).endsWith('/deletegroup')).map(([, b]) => b)).toEqual([{ id: 3 }, { id: 3 }, { id: 3 }]);
    // a refusal stays on the screen
    expect(moves()).toEqual(['/newGrouphome']);
    await stop(task);
  });

  test('a warning answer toasts a warning and stays; a refusal may carry a second line; an error status may toast the server\'s sentence first', async () => {
    const SAVE = MENU_ADMIN_ENDPOINTS.SaveUserGroup;
    const outcome = {
      okWhen: { field: 'status', value: 'OK' }, navigate: '/newGrouphome',
      warning: { when: { field: 'status', value: 'Error1' }, toast: { text: 'Check the pairs.', field: 'massage' } },
      refused: { text: 'Oops', detailField: 'message' }, reasonFirst: true,
    };
    const answers: Array<() => Promise<unknown>> = [
      () => Promise.resolve({ status: 'Error1', massage: 'Short Name PN Already Exists!' }),
      () => Promise.resolve({ status: 'NO', message: 'This User Group Is Already Present!' }),
      () => Promise.reject(httpError(400, { message: 'Error', detail: 'updategroupname must be text.' })),
      () => Promise.reject(httpError(400, {})),
    ];
    mockedPost.mockImplementation(() => answers.shift()!());
    const { store, task } = createAppStore();
    function Saver() {
      const change = useChange();
      return <button type="button" onClick={() => change(SAVE, { updategroupname: 'x' }, { key: 'groups:save', failureText: 'Could not save.', failureTitle: '', outcome })}>save</button>;
    }
    render(<AppProviders store={store}><Saver /></AppProviders>);
    type Note = { variant: string; title?: string; message: string; detail?: string };
    const toasts = () => (sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'notify/enqueued')
      .map((a) => (a as unknown as { payload: Note }).payload).map((n) => `${n.variant}:${n.title ?? ''}:${n.message}:${n.detail ?? ''}`);
    const save = async (n: number) => {
      fireEvent.click(screen.getByRole('button', { name: 'save' }));
      await waitFor(() => expect(toasts()).toHaveLength(n));
    };
    await save(1);
    await save(2);
    await save(3);
    await save(4);
    expect(toasts()).toEqual([
      'warning::Short Name PN Already Exists!:',
      'error::Oops:This User Group Is Already Present!',
      // the legacy refusal's word 'Error' gives way to its sentence
      'error::updategroupname must be text.:',
      // no sentence: the change's own text
      'error::Could not save.:',
    ]);
    expect((sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'navigation/navigateTo')).toEqual([]);
    await stop(task);
  });

  test('several answers may all be successes, and a success may end with a field of the answer', async () => {
    const SAVE = MENU_ADMIN_ENDPOINTS.SaveUserGroup;
    const outcome = {
      okWhen: { field: 'statuss', value: ['Success', 'Success1'] },
      success: { text: 'Record Saved Successfully! Plant Assessment Code Is :', appendField: 'pncode' },
      refused: { text: 'Not saved.' },
    };
    const answers = [{ statuss: 'Success', pncode: 'PN-7' }, { statuss: 'Success1' }, { statuss: 'Failed', pncode: 'PN-8' }];
    mockedPost.mockImplementation(() => Promise.resolve(answers.shift()));
    const { store, task } = createAppStore();
    function Saver2() {
      const change = useChange();
      return <button type="button" onClick={() => change(SAVE, {}, { key: 'k', failureText: 'x', outcome })}>save</button>;
    }
    render(<AppProviders store={store}><Saver2 /></AppProviders>);
    const toasts = () => (sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'notify/enqueued')
      .map((a) => (a as unknown as { payload: { variant: string; message: string } }).payload).map((n) => `${n.variant}:${n.message}`);
    for (let n = 1; n <= 3; n += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'save' }));
      await waitFor(() => expect(toasts()).toHaveLength(n));
    }
    expect(toasts()).toEqual([
      'success:Record Saved Successfully! Plant Assessment Code Is : PN-7',
      // no pncode in the answer: the text alone
      'success:Record Saved Successfully! Plant Assessment Code Is :',
      'error:Not saved.',
    ]);
    await stop(task);
  });
});

describe('a change that needs a reason (an amendment)', () => {
  const SAVE = MENU_ADMIN_ENDPOINTS.SaveUserGroup;
  const PROMPT = { title: 'Amend it', text: 'Why?', confirmLabel: 'Save amendment', reasonLabel: 'Reason for the amendment' };
  function Amender({ first }: { first: boolean }) {
    const change = useChange();
    const outcome = {
      okWhen: { field: 'status', value: 'OK' }, success: { text: 'Saved.' }, refused: { text: 'Not saved.' },
      reason: { field: 'amendmentReason', first, prompt: PROMPT },
    };
    return (
      <div>
        <button type="button" onClick={() => change(SAVE, { name: 'x' }, { key: 'amend', failureText: 'Not saved.', reasonFirst: true, outcome })}>save</button>
        <ChangeReasonPrompt changeKey="amend" />
      </div>
    );
  }
  const bodies = () => mockedPost.mock.calls.map(([, b]) => b as Record<string, unknown>);
  const giveReason = async (reason: string) => {
    const field = await screen.findByLabelText(/Reason for the amendment/);
    fireEvent.change(field, { target: { value: reason } });
    fireEvent.click(screen.getByRole('button', { name: 'Save amendment' }));
  };

  test('asked first: nothing is sent until the reason is given, and Cancel sends nothing at all', async () => {
    mockedPost.mockResolvedValue({ status: 'OK' });
    const { store, task } = createAppStore();
    render(<AppProviders store={store}><Amender first /></AppProviders>);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await screen.findByRole('dialog', { name: 'Amend it' });
    expect(bodies()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies()).toEqual([]);
    expect((store.getState() as { requests?: Record<string, unknown> }).requests?.amend).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await giveReason('Typo in the district');
    await waitFor(() => expect(bodies()).toEqual([{ name: 'x', amendmentReason: 'Typo in the district' }]));
    await stop(task);
  });

  test('asked when the server asks for it: the change is sent again once with the reason; a refusal then is toasted', async () => {
    const needsReason = httpError(400, { message: 'Results rest on this record: give a reason for the amendment.', field: 'amendmentReason' });
    const answers: Array<() => Promise<unknown>> = [
      () => Promise.reject(needsReason), () => Promise.resolve({ status: 'OK' }),
      () => Promise.reject(needsReason), () => Promise.reject(needsReason),
    ];
    mockedPost.mockImplementation(() => answers.shift()!());
    const { store, task } = createAppStore();
    render(<AppProviders store={store}><Amender first={false} /></AppProviders>);
    const toasts = () => (sessionLogOf(store)?.actions() ?? []).filter((a) => a.type === 'notify/enqueued')
      .map((a) => (a as unknown as { payload: { variant: string; message: string } }).payload).map((n) => `${n.variant}:${n.message}`);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await giveReason('Late result');
    await waitFor(() => expect(toasts()).toEqual(['success:Saved.']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies()).toEqual([{ name: 'x' }, { name: 'x', amendmentReason: 'Late result' }]);

    // refused again after the reason: not asked a second time, the server's sentence is toasted
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await giveReason('Still late');
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()[1]).toBe('error:Results rest on this record: give a reason for the amendment.');
    expect(bodies()).toHaveLength(4);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await stop(task);
  });
});

test('a file shown in a tab: the tab opened on the click gets the file, and is closed when the file does not come', async () => {
  const PDF = MENU_ADMIN_ENDPOINTS.getAllgroup;
  const tab = { location: { href: '' }, close: jest.fn() };
  const opened = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const urls = jest.fn((_b: Blob) => 'blob:pdf');
  Object.assign(URL, { createObjectURL: urls, revokeObjectURL: jest.fn() });
  const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  mockedFilePost.mockResolvedValueOnce({ data: blob, headers: { 'content-disposition': 'attachment; filename="S1.pdf"' } });
  const { store, task } = createAppStore();
  function Opener() {
    const change = useChange();
    return (
      <button type="button" onClick={() => {
        openTabFor('pdf');
        change(PDF, { samplenov: 'S1' }, { key: 'pdf', file: 'record.pdf', openFile: true, failureText: 'The PDF could not be created.' });
      }}>pdf</button>
    );
  }
  render(<AppProviders store={store}><Opener /></AppProviders>);
  fireEvent.click(screen.getByRole('button', { name: 'pdf' }));
  await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
  expect(urls.mock.calls[0][0]).toBe(blob);
  expect(opened).toHaveBeenCalledTimes(1);
  expect(mockedFilePost.mock.calls[0].slice(0, 2)).toEqual(['/api/menu/getAllgroup', { samplenov: 'S1' }]);

  mockedFilePost.mockRejectedValueOnce(httpError(404, { message: 'No such record.' }));
  fireEvent.click(screen.getByRole('button', { name: 'pdf' }));
  await waitFor(() => expect(tab.close).toHaveBeenCalledTimes(1));
  opened.mockRestore();
  await stop(task);
});
