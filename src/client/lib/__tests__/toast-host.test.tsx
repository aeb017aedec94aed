import { act, screen } from '@testing-library/react';
import { notifySuccess, TOAST_DURATION_MS } from '../notifier/notify-slice';
import { renderWithApp } from '../../test-support/render';

const SAVED = 'Record Saved Successfully!';
const later = (ms: number) => act(async () => {
  await jest.advanceTimersByTimeAsync(ms);
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a second save while the first one\'s toast fades out still says it was saved; the same toast is not stacked while shown', async () => {
  const { store, task } = renderWithApp(<p>form</p>);
  const save = () => act(() => {
    store.dispatch(notifySuccess(SAVED));
  });
  // One event told from two places, and the form tried again while its toast is shown: one toast.
  save();
  save();
  await later(1000);
  expect(screen.getAllByText(SAVED)).toHaveLength(1);
  save();
  await later(100);
  expect(screen.getAllByText(SAVED)).toHaveLength(1);

  // The first toast's time is up and it is on its way out when the second save answers: once it is gone, the
  // second save's toast is there.
  const first = screen.getByText(SAVED);
  // Saves keep answering every 100 ms until the first toast has gone (its time up, then its way out).
  for (let ms = 0; ms < 2 * TOAST_DURATION_MS && document.body.contains(first); ms += 100) {
    save();
    await later(100);
  }
  expect(first).not.toBeInTheDocument();
  expect(screen.getAllByText(SAVED)).toHaveLength(1);
  task?.cancel();
});
