import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';
import type { ActivityButton, ParamconfWithTransaction } from '../../../../shared/contract/activity-endpoints';
import type { LoginResponse } from '../../../../shared/contract/session';
import type { StoredStatus } from '../../../../shared/workflow';
import { SIGNATURE_MEANING } from '../../../../shared/contract/signatures';
import { button, paramconf } from './fixtures';
import { changeDate } from '../../../test-support/date';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const L1 = '/activityparamNew/11/Level%201/SC0001-1/SC0001/2';
const buttons = (status: StoredStatus, mode: ActivityButton['mode'] = 'owner'): ActivityButton[] => [
  button({ status, mode }),
  button({ id: 12, shortname: 'BIOCH', activityname: 'Biochemical Tests', sequence: 2, status: 'A', mode: 'view' }),
];

function open(route: string, pc: ParamconfWithTransaction, flags: Partial<LoginResponse> = {}, save: () => unknown = () => ({ message: 'Success', status: 'S', trnid: 55, version: 1 })) {
  answer({
    getactivityforparamconf: () => buttons(pc.status, pc.mode),
    getlvl2activityforparamconf: () => buttons(pc.status, pc.mode),
    getParamconf: () => pc,
    getLvl2Paramconf: () => pc,
    saveActivities: save,
    saveLvl2Activities: save,
    getactitransctionhome: () => [],
    getLevel2ActivityHome: () => [],
    getMasterData: () => [{ id: 1, shortname: 'Circular', value: 'Circular' }],
  });
  saveSession(loginResponse(flags));
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}
const toasts = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent);

/** Signs in the signature dialog that Approve / Revert open. */
async function sign(password: string, confirm: 'Sign and approve' | 'Sign and revert') {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
}

test('owner, not yet submitted: header, sequence, activity buttons with badges, editable form; Submit saves and goes back to the list page', async () => {
  const { task } = open(L1, paramconf(null));
  expect(await screen.findByText('Activity Transaction - SC0001-1 Colony Morphology : Level 1')).toBeInTheDocument();
  expect(screen.getByTestId('activity-sequence')).toHaveTextContent('Sequence : #1');
  const group = screen.getByRole('group', { name: 'Activities' });
  expect(within(group).getByRole('button', { name: 'MORPH' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(group).getByRole('button', { name: 'BIOCH (A)' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Revert With Comment')).not.toBeInTheDocument();
  expect(screen.queryByTestId('status-message')).not.toBeInTheDocument();

  // Submit with the mandatory fields empty: the toast, no call.
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await toasts()).toContain('OopsPlease fill all mandatory fields!');
  expect(callsTo('saveActivities')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText(/^Colony Diameter/), { target: { value: '4.25' } });
  changeDate(/^Read On/, '2026-11-01');
  // Colony Shape is a master-data autocomplete: type 4 characters, choose an entry.
  fireEvent.focus(screen.getByLabelText(/^Colony Shape/));
  fireEvent.change(screen.getByLabelText(/^Colony Shape/), { target: { value: 'Circ' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Circular' }));
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(callsTo('saveActivities')).toHaveLength(1));
  expect(callsTo('saveActivities')[0]).toMatchObject({ actid: 11, status: 'S', samplenov: 'SC0001-1', sampleno: 'SC0001', remarks: null });
  expect(callsTo('saveActivities')[0].activeList).toEqual(expect.arrayContaining([
    { id: 100, shortname: 'SHAPE', inputvalue: 'Circular' }, { id: 101, shortname: 'DIAM', inputvalue: '4.25' },
  ]));
  expect(await toasts()).toContain('Record Saved Successfully!');
  // The spec's ActivityTransactionHome/{page} opens the list on that page, kept in the query.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ActivityTransactionHome$/));
  expect(screen.getByTestId('location-search')).toHaveTextContent('?page=2');
  await stop(task);
});

test('inputs are disabled without the edit flag', async () => {
  const { task } = open(L1, paramconf(null), { edit: false });
  expect(await screen.findByLabelText(/^Colony Diameter/)).toBeDisabled();
  await stop(task);
});

test('owner while submitted: the submitted message with the manager, Submit disabled, inputs disabled', async () => {
  const { task } = open(L1, paramconf('S'));
  expect(await screen.findByTestId('status-message')).toHaveTextContent('Above activity submitted to Dr. Anita Rao For Approval.');
  expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  expect(screen.getByLabelText(/^Colony Diameter/)).toBeDisabled();
  await stop(task);
});

test('owner after a revert: the reverted message and the remark; the fixed values are resubmitted', async () => {
  const { task } = open(L1, paramconf('R', { remarks: 'Colony diameter looks off; please re-measure.' }));
  expect(await screen.findByTestId('status-message')).toHaveTextContent('Above activity reverted by Dr. Anita Rao for rechecking.');
  expect(screen.getByTestId('revert-remark')).toHaveTextContent('Colony diameter looks off; please re-measure.');
  const diam = screen.getByLabelText(/^Colony Diameter/);
  expect(diam).toBeEnabled();
  fireEvent.change(diam, { target: { value: '3.75' } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(callsTo('saveActivities')).toHaveLength(1));
  expect(callsTo('saveActivities')[0]).toMatchObject({ status: 'S', version: 3 });
  await stop(task);
});

test('manager: came for approval by the owner; Revert needs a remark; Revert With Comment sends it', async () => {
  const { task } = open(L1, paramconf('S', { mode: 'manager', allowed: ['approve', 'revert'], canEdit: false }), { approve: true },
    () => ({ message: 'Success', status: 'R', trnid: 55, version: 4 }));
  expect(await screen.findByTestId('status-message')).toHaveTextContent('Above activity came for approval by Vikram Patil.');
  expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  expect(screen.getByLabelText(/^Colony Diameter/)).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Revert' }));
  expect(await toasts()).toContain('OopsPlease Write a Remark of Revert!');
  expect(callsTo('saveActivities')).toHaveLength(0);
  fireEvent.click(screen.getByLabelText('Revert With Comment'));
  fireEvent.change(screen.getByLabelText('Comments'), { target: { value: 'Re-measure the diameter.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Revert' }));
  expect(await screen.findByTestId('signature-meaning')).toHaveTextContent(SIGNATURE_MEANING.revert);
  await sign('manager-secret-1', 'Sign and revert');
  await waitFor(() => expect(callsTo('saveActivities')).toHaveLength(1));
  expect(callsTo('saveActivities')[0]).toMatchObject({ status: 'R', remarks: 'Re-measure the diameter.', version: 3, signatureMeaning: SIGNATURE_MEANING.revert });
  // The password travels transport-encoded, never as typed.
  expect(typeof callsTo('saveActivities')[0].signaturePassword).toBe('string');
  expect(callsTo('saveActivities')[0].signaturePassword).not.toContain('manager-secret-1');
  expect(await toasts()).toContain('Reverted Successfully!');
  // The spec's ActivityTransactionHome/{page} opens the list on that page, kept in the query.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ActivityTransactionHome$/));
  expect(screen.getByTestId('location-search')).toHaveTextContent('?page=2');
  await stop(task);
});

test('manager approves; a refused save toasts Please Check Again! titled Error', async () => {
  const { task } = open(L1, paramconf('S', { mode: 'manager', allowed: ['approve', 'revert'], canEdit: false }), { approve: true },
    () => {
      throw Object.assign(new Error('409'), { isAxiosError: true, response: { status: 409, data: { message: 'This activity was changed by someone else meanwhile. Please reload.' } } });
    });
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  await sign('manager-secret-1', 'Sign and approve');
  await waitFor(() => expect(callsTo('saveActivities')).toHaveLength(1));
  expect(callsTo('saveActivities')[0]).toMatchObject({ status: 'A', signatureMeaning: SIGNATURE_MEANING.approve });
  expect((await toasts()).join(' ')).toContain('ErrorPlease Check Again!');
  await stop(task);
});

test('signing: Cancel sends nothing; a wrong password keeps the manager on the screen with the plain refusal', async () => {
  const { task } = open(L1, paramconf('S', { mode: 'manager', allowed: ['approve', 'revert'], canEdit: false }), { approve: true },
    () => {
      throw Object.assign(new Error('403'), {
        isAxiosError: true,
        response: { status: 403, data: { message: 'The password is not correct, so the signature was not made. Nothing was changed.', field: 'signaturePassword' } },
      });
    });
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByTestId('signature-meaning')).toHaveTextContent(SIGNATURE_MEANING.approve);
  expect(within(dialog).getByRole('button', { name: 'Sign and approve' })).toBeDisabled();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo('saveActivities')).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  await sign('not-my-password', 'Sign and approve');
  await waitFor(() => expect(callsTo('saveActivities')).toHaveLength(1));
  expect((await toasts()).join(' ')).toContain('The password is not correct, so the signature was not made.');
  expect(screen.getByTestId('location')).toHaveTextContent('/activityparamNew/11/');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await stop(task);
});

test('data amended after approval: the notice, and the manager decides again (signed); the signatures are listed', async () => {
  const signatures = [{
    name: 'Dr. Anita Rao', username: 'anita', at: '2026-11-20T09:30:00.000Z', action: 'approve' as const,
    meaning: SIGNATURE_MEANING.approve, hash: 'ab'.repeat(32), valid: true,
  }];
  const { task } = open(L1, paramconf('A', { mode: 'manager', allowed: ['approve', 'revert'], canEdit: false, amended: true, signatures }), { approve: true },
    () => ({ message: 'Success', status: 'A', trnid: 55, version: 5 }));
  expect(await screen.findByTestId('amended-notice')).toHaveTextContent('Data amended after approval');
  const list = screen.getByRole('region', { name: 'Signatures' });
  expect(list).toHaveTextContent(`Dr. Anita Rao (anita), 20-Nov-2026 09:30 UTC: ${SIGNATURE_MEANING.approve}`);
  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  await sign('manager-secret-1', 'Sign and approve');
  await waitFor(() => expect(callsTo('saveActivities')).toHaveLength(1));
  expect(callsTo('saveActivities')[0]).toMatchObject({ status: 'A', signatureMeaning: SIGNATURE_MEANING.approve });
  expect(await toasts()).toContain('Approved Successfully!');
  await stop(task);
});

test('approved: the approved message; Approve and Revert disabled, no Revert With Comment', async () => {
  const { task } = open(L1, paramconf('A', { mode: 'manager', allowed: [], canEdit: false }), { approve: true });
  expect(await screen.findByTestId('status-message')).toHaveTextContent('Above activity approved by Dr. Anita Rao.');
  expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Revert' })).toBeDisabled();
  expect(screen.queryByLabelText('Revert With Comment')).not.toBeInTheDocument();
  await stop(task);
});

test('Level 2: the plant assessment code goes with the calls; an invalid form toasts Please Check All fields Again!', async () => {
  const pc = paramconf(null, { activitylevel: 'Level 2', activityname: 'Plant Growth Promotion' });
  const { task } = open('/lvl2activityparam/11/Level%202/SC0001-1/SC0001/PA000003/1', pc);
  expect(await screen.findByText('Activity Transaction - SC0001-1 Plant Growth Promotion : Level 2')).toBeInTheDocument();
  expect(callsTo('getlvl2activityforparamconf')).toEqual([{ samplenov: 'SC0001-1', activitylevel: 'Level 2', pncode: 'PA000003' }]);
  expect(callsTo('getLvl2Paramconf')[0]).toMatchObject({ actid: 11, pncode: 'PA000003' });
  fireEvent.change(screen.getByLabelText(/^Notes/), { target: { value: 'ab' } });
  fireEvent.blur(screen.getByLabelText(/^Notes/));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled());
  await stop(task);
});

test('clicking another activity button opens that activity', async () => {
  const { task } = open(L1, paramconf(null));
  fireEvent.click(await screen.findByRole('button', { name: 'BIOCH (A)' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/activityparamNew/12/Level%201/SC0001-1/SC0001/2'));
  await stop(task);
});
