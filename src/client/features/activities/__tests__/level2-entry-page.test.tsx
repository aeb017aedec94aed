import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

test('Level 2 entry: an empty isolate code is refused; a search shows the next plant assessment code; Save goes back to the list', async () => {
  answer({
    findisolaecodeforplantassesment: (b) => ({ pncode: 'PA000007', sampleno: 'SC0001', samplenov: 'SC0001-1', isolatecode: b.isolatecode }),
    saveLevel2ActivityPlantassisscode: () => ({ statuss: 'Success', message: 'PA000007', pncode: 'PA000007', id: 7 }),
    getLevel2ActivityHome: () => [],
  });
  saveSession(loginResponse());
  const { task } = renderWithApp(<AppRoutes />, { route: '/level2activityEntry', bridge: false });
  fireEvent.click(await screen.findByRole('button', { name: 'Search Isolate Code' }));
  expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain('OopsPlease Enter Isolate Code');
  expect(callsTo('findisolaecodeforplantassesment')).toHaveLength(0);
  fireEvent.change(screen.getByLabelText('Isolate Code'), { target: { value: ' ISO000001 ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search Isolate Code' }));
  await waitFor(() => expect(screen.getByLabelText('Plant Assessment Code')).toHaveValue('PA000007'));
  expect(screen.getByLabelText('Plant Assessment Code')).toHaveAttribute('readonly');
  expect(callsTo('findisolaecodeforplantassesment')).toEqual([{ isolatecode: 'ISO000001' }]);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/level2activityHome'));
  expect(callsTo('saveLevel2ActivityPlantassisscode')).toEqual([{ isolatecode: 'ISO000001' }]);
  await stop(task);
});

test('an unknown isolate code shows the server sentence', async () => {
  answer({
    findisolaecodeforplantassesment: () => {
      throw Object.assign(new Error('404'), { isAxiosError: true, response: { status: 404, data: { message: 'No active isolate has the code ISO9.' } } });
    },
  });
  saveSession(loginResponse());
  const { task } = renderWithApp(<AppRoutes />, { route: '/level2activityEntry', bridge: false });
  fireEvent.change(await screen.findByLabelText('Isolate Code'), { target: { value: 'ISO9' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search Isolate Code' }));
  expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain('OopsNo active isolate has the code ISO9.');
  expect(screen.getByLabelText('Plant Assessment Code')).toHaveValue('');
  await stop(task);
});
