import { act, screen, waitFor } from '@testing-library/react';
import { closeSnackbar } from 'notistack';
import { notifySuccess } from '../notifier/notify-slice';
import { renderWithApp } from '../../test-support/render';

const SAVED = 'Record Saved Successfully!';
const pause = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

test('a second save while the first one\'s toast fades out still says it was saved; one event told twice shows once', async () => {
  const { store, task } = renderWithApp(<p>form</p>);
  act(() => {
    store.dispatch(notifySuccess(SAVED));
    store.dispatch(notifySuccess(SAVED));
  });
  await screen.findByText(SAVED);
  expect(screen.getAllByText(SAVED)).toHaveLength(1);

  // The first toast on its way out (its time is up) when the second save answers.
  await pause(600);
  act(() => closeSnackbar());
  act(() => {
    store.dispatch(notifySuccess(SAVED));
  });
  await pause(1000);
  await waitFor(() => expect(screen.getAllByText(SAVED)).toHaveLength(1));
  task?.cancel();
});
