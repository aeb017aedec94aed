import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, callsTo } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { ParameterForm, type ParameterValues } from '../parameter-form';
import { colonyConfig } from './parameter-configs';
import { typeDate } from '../../../test-support/date';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const TODAY = '2026-11-22';
const filled = { SHAPE: 'Circular', DIAM: '3.2', COUNT: '', READ: '2026-11-20', NOTE: '', GRAM: '' };

const tasks: Array<{ cancel(): void } | null> = [];
afterEach(() => tasks.splice(0).forEach((t) => t?.cancel()));

function renderForm(props: { values?: Record<string, unknown>; disabled?: boolean } = {}) {
  const onSubmit = jest.fn<void, [ParameterValues]>();
  const utils = renderWithApp(
    <ParameterForm id="pf" parameters={colonyConfig()} today={TODAY} onSubmit={onSubmit} {...props}>
      {({ submit }) => <button type="button" onClick={() => void submit()}>Submit</button>}
    </ParameterForm>,
    // The sagas run: the master-data dropdown asks through the request saga.
    {},
  );
  tasks.push(utils.task);
  return { ...utils, onSubmit };
}

/** The field's input; a date parameter's is the picker's input that holds the typed dd-MMM-yyyy text. */
const field = (label: RegExp) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') as HTMLInputElement;
const isDate = (input: HTMLElement) => input.classList.contains('MuiPickersInputBase-input');
const toasts = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent);
const type = (label: RegExp, value: string) => {
  const input = field(label);
  if (isDate(input)) return typeDate(input, value);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

test('renders one input per configured parameter, mandatory ones with a red asterisk; the required message once a field is left or a submit tried', async () => {
  const { container } = renderForm();
  for (const label of [/^Colony Shape/, /^Colony Diameter/, /^Colony Count/, /^Read On/, /^Notes/]) expect(field(label)).toBeInTheDocument();
  expect(field(/^Colony Diameter/)).toHaveAttribute('type', 'number');
  expect(field(/^Colony Diameter/)).toHaveAttribute('min', '0');
  expect(field(/^Colony Count/)).not.toHaveAttribute('min');
  // A date parameter is typed as dd-MMM-yyyy; after today is refused by its rule.
  expect(screen.getByRole('group', { name: /^Read On/ })).toBeInTheDocument();
  expect(field(/^Notes/).tagName).toBe('TEXTAREA');
  // Three mandatory parameters: asterisks; a form opens without messages (nothing was typed yet).
  expect(container.querySelectorAll('.MuiFormLabel-asterisk')).toHaveLength(3);
  expect(screen.queryByText(/is required\./)).not.toBeInTheDocument();
  expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  // Leaving an empty mandatory field shows its message, and only its own.
  fireEvent.focus(field(/^Colony Diameter/));
  fireEvent.blur(field(/^Colony Diameter/));
  expect(await screen.findByText('Colony Diameter is required.')).toBeInTheDocument();
  expect(screen.queryByText('Read On is required.')).not.toBeInTheDocument();
  // A submit shows them all.
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Colony Shape is required.')).toBeInTheDocument();
  expect(screen.getByText('Read On is required.')).toBeInTheDocument();
  expect(screen.queryByText('Notes is required.')).not.toBeInTheDocument();
});

test('editing one field while other mandatory fields are still empty toasts nothing; a second failed submit gives one toast, not two', async () => {
  renderForm();
  type(/^Colony Diameter/, '2.5');
  type(/^Notes/, 'smooth edge');
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findAllByTestId('toast');
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  expect((await toasts()).filter((t) => t === 'OopsPlease fill all mandatory fields!')).toHaveLength(1);
});

test('shows recorded values, and the required message goes once a value is typed', () => {
  renderForm({ values: filled });
  expect(field(/^Colony Diameter/).value).toBe('3.2');
  expect(field(/^Read On/).value).toBe('20-Nov-2026');
  expect(screen.queryByText(/is required\./)).not.toBeInTheDocument();
});

test('more than 2 decimals toasts Please Check Decimal Values! (Oops); a number is rounded to its configured places', async () => {
  renderForm({ values: filled });
  type(/^Colony Diameter/, '3.456');
  expect(await toasts()).toContain('OopsPlease Check Decimal Values!');
  expect(await screen.findByText('Please Check Decimal Values!', { selector: 'p' })).toBeInTheDocument();
  type(/^Colony Diameter/, '3.46');
  await waitFor(() => expect(field(/^Colony Diameter/).value).toBe('3.5'));
});

test('no negatives unless allowed, min and max length, the date rule', async () => {
  renderForm({ values: filled });
  type(/^Colony Diameter/, '-1');
  expect(await screen.findByText('Colony Diameter must not be negative.')).toBeInTheDocument();
  type(/^Colony Count/, '-4');
  type(/^Notes/, 'ab');
  expect(await screen.findByText('Notes must be at least 3 characters.')).toBeInTheDocument();
  expect(screen.queryByText(/Colony Count must/)).not.toBeInTheDocument();
  type(/^Read On/, '2026-11-23');
  expect(await screen.findByText('Read On must be on or before today.')).toBeInTheDocument();
  type(/^Colony Count/, '2.5');
  expect(await screen.findByText('Colony Count must be a whole number.')).toBeInTheDocument();
});

test('a submit with an empty mandatory field toasts Please fill all mandatory fields! and sends nothing', async () => {
  const { onSubmit } = renderForm({ values: { ...filled, SHAPE: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await toasts()).toEqual(['OopsPlease fill all mandatory fields!']);
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a submit with a wrong value toasts Please Check All fields Again!; a valid form is submitted with its values', async () => {
  const { onSubmit } = renderForm({ values: filled });
  type(/^Notes/, 'ab');
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await toasts()).toContain('OopsPlease Check All fields Again!');
  expect(onSubmit).not.toHaveBeenCalled();
  type(/^Notes/, 'smooth edge');
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...filled, NOTE: 'smooth edge' }));
});

test('emptying a mandatory field after an edit toasts Please fill all mandatory fields!', async () => {
  renderForm({ values: filled });
  type(/^Colony Diameter/, '');
  expect(await toasts()).toEqual(['OopsPlease fill all mandatory fields!']);
  expect(screen.getByText('Colony Diameter is required.')).toBeInTheDocument();
});

test('every input is disabled without the edit flag', () => {
  renderForm({ values: filled, disabled: true });
  for (const label of [/^Colony Shape/, /^Colony Diameter/, /^Colony Count/, /^Read On/, /^Notes/]) expect(field(label)).toBeDisabled();
});

test('the master-data dropdown searches getMasterData from 4 characters, offers at most 8 entries by their value and keeps the short name', async () => {
  answer({
    getMasterData: (b) => Array.from({ length: 12 }, (_, i) => ({ id: i + 1, shortname: `C${i + 1}`, value: `${String(b.message)} ${i + 1}` })),
  });
  const { onSubmit } = renderForm({ values: { ...filled, SHAPE: '' } });
  const input = field(/^Colony Shape/);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'Cir' } });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 400));
  });
  expect(callsTo('getMasterData')).toHaveLength(0);
  fireEvent.change(input, { target: { value: 'Circ' } });
  const list = await screen.findByRole('listbox');
  expect(callsTo('getMasterData')).toEqual([{ value: 'Colony Morphology', message: 'Circ' }]);
  expect(within(list).getAllByRole('option')).toHaveLength(8);
  fireEvent.click(within(list).getByRole('option', { name: 'Circ 3' }));
  await waitFor(() => expect(field(/^Colony Shape/).value).toBe('Circ 3'));
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...filled, SHAPE: 'C3' }));
});

test('a recorded master-data value (a short name) is shown as its entry\'s value', async () => {
  answer({
    getMasterData: (b) => [{ id: 1, shortname: 'CIRC', value: 'Circular' }, { id: 2, shortname: 'CIRCX', value: 'Circular, raised' }]
      .filter((e) => e.shortname.includes(String(b.message))),
  });
  renderForm({ values: { ...filled, SHAPE: 'CIRC' } });
  await waitFor(() => expect(field(/^Colony Shape/).value).toBe('Circular'));
  expect(callsTo('getMasterData')).toEqual([{ value: 'Colony Morphology', message: 'CIRC' }]);
});

test('a Boolean parameter offers its two labels', () => {
  renderForm({ values: filled });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Gram Positive/ }));
  const list = screen.getByRole('listbox');
  expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['\u00a0', 'Positive', 'Negative']);
});
