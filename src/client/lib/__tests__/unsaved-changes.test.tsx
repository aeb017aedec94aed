/**
 * The leave question on the app's own router (a HistoryRouter on the guarded hash history, as in app/App.tsx):
 * a changed form holds a link's move behind "Leave this page?"; a form that leaves the screen while its question
 * is open (the session ended, say) takes the question with it, and a later form does not carry out that old move.
 */
import { act, fireEvent, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes, unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router-dom';
import { createGuardedHashHistory } from '../navigation/leave-guard';
import { UNSAVED_MSG, UnsavedChangesGuard } from '../unsaved-changes';

function Form({ name }: { name: string }) {
  const [changed, setChanged] = useState(false);
  return (
    <div>
      <label>
        {name}
        <input onChange={() => setChanged(true)} />
      </label>
      <UnsavedChangesGuard when={changed} />
      <Link to="/designationHome">Designation</Link>
      <Link to="/unitOfMeasureHome">Unit Of Measure</Link>
    </div>
  );
}
const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

function app(history = createGuardedHashHistory(), showForm = true) {
  return (
    <HistoryRouter history={history}>
      <Routes>
        <Route path="/department" element={showForm ? <Form key="first" name="Code" /> : <Form key="second" name="Other form" />} />
        <Route path="/designationHome" element={<Form name="Other form" />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </HistoryRouter>
  );
}

beforeEach(() => window.history.replaceState(null, '', '#/department'));

test('a changed form asks before a link leaves it: Cancel stays, Leave goes', async () => {
  render(app());
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'HALF' } });
  fireEvent.click(screen.getByRole('link', { name: 'Designation' }));
  expect(await screen.findByRole('dialog', { name: UNSAVED_MSG.title })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/department');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: UNSAVED_MSG.title }));
  expect(screen.getByTestId('where')).toHaveTextContent('/department');
  fireEvent.click(screen.getByRole('link', { name: 'Designation' }));
  fireEvent.click(await screen.findByRole('button', { name: UNSAVED_MSG.leave }));
  expect(screen.getByTestId('where')).toHaveTextContent('/designationHome');
});

test('a form that leaves the screen with its question open takes it along: the next form does not make the old move', async () => {
  const history = createGuardedHashHistory();
  const { rerender } = render(app(history));
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'HALF' } });
  fireEvent.click(screen.getByRole('link', { name: 'Unit Of Measure' }));
  await screen.findByRole('dialog', { name: UNSAVED_MSG.title });
  // The form is replaced under its question (as when the session ends) by another, unchanged form.
  rerender(app(history, false));
  expect(screen.getByLabelText('Other form', { selector: 'input' })).toBeInTheDocument();
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  expect(screen.getByTestId('where')).toHaveTextContent('/department');
  expect(screen.queryByRole('dialog', { name: UNSAVED_MSG.title })).toBeNull();
});
