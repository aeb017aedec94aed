import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateField } from '../date-field';
import { dateInput, typeDate } from '../../test-support/date';

/** A form that keeps the ISO day, as the screens' forms do, and may clear it (a date rule refusing it). */
function Form({ start, clearAfter }: { start: string; clearAfter?: string }) {
  const [v, setV] = useState(start);
  const [left, setLeft] = useState(0);
  return (
    <>
      <DateField id="d" name="d" label="Sampling Date" value={v} max="2026-11-22" onBlur={() => setLeft((n) => n + 1)}
        onChange={(iso) => setV(clearAfter && iso > clearAfter ? '' : iso)} />
      <output data-testid="value">{v}</output>
      <output data-testid="left">{left}</output>
      <button type="button" onClick={() => setV('2025-03-09')}>Set</button>
    </>
  );
}

const sections = () => screen.getAllByRole('spinbutton').map((s) => `${s.getAttribute('aria-label')}=${s.textContent}`);

test('an ISO day is shown as dd-MMM-yyyy whatever the browser locale, and a typed date gives the form its ISO day', () => {
  render(<Form start="2026-01-05" />);
  expect(sections()).toEqual(['Day=05', 'Month=Jan', 'Year=2026']);
  expect(screen.getByRole('button', { name: 'Choose Sampling Date' })).toBeInTheDocument();

  typeDate(dateInput('Sampling Date'), '2026-02-07');
  expect(screen.getByTestId('value')).toHaveTextContent('2026-02-07');
  expect(sections()).toEqual(['Day=07', 'Month=Feb', 'Year=2026']);
  expect(screen.getByTestId('left')).toHaveTextContent('1');

  // Emptied: the form holds ''.
  typeDate(dateInput('Sampling Date'), '');
  expect(screen.getByTestId('value')).toBeEmptyDOMElement();

  // The form sets a day itself (a record loaded): the field shows it.
  fireEvent.click(screen.getByRole('button', { name: 'Set' }));
  expect(sections()).toEqual(['Day=09', 'Month=Mar', 'Year=2025']);
});

test('a day the form refuses and clears is cleared in the field too; a day after max is marked in error', () => {
  render(<Form start="" clearAfter="2026-06-01" />);
  typeDate(dateInput('Sampling Date'), '2026-07-01');
  expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  expect(dateInput('Sampling Date')).toHaveValue('');

  render(<Form start="2026-12-01" />);
  expect(screen.getAllByRole('group').at(-1)).toHaveAttribute('aria-invalid', 'true');
});
