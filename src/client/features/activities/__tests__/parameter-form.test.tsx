import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, callsTo } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { ParameterForm, type ParameterValues } from '../parameter-form';
import { colonyConfig } from './parameter-configs';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const TODAY = '2026-11-22';
const filled = { SHAPE: 'Circular', DIAM: '3.2', COUNT: '', READ: '2026-11-20', NOTE: '', GRAM: '' };

function renderForm(props: { values?: Record<string, unknown>; disabled?: boolean } = {}) {
  const onSubmit = jest.fn<void, [ParameterValues]>();
  const utils = renderWithApp(
    <ParameterForm id="pf" parameters={colonyConfig()} today={TODAY} onSubmit={onSubmit} {...props}>
      {({ submit }) => <button type="button" onClick={() => void submit()}>Submit</button>}
    </ParameterForm>,
    { runSagas: false },
  );
  return { ...utils, onSubmit };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const toasts = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent);
const type = (label: RegExp, value: string) => {
  const input = field(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

test('renders one input per configured parameter, mandatory ones with a red asterisk and the required message while empty', () => {
  const { container } = renderForm();
  for (const label of [/^Colony Shape/, /^Colony Diameter/, /^Colony Count/, /^Read On/, /^Notes/]) expect(field(label)).toBeInTheDocument();
  expect(field(/^Colony Diameter/)).toHaveAttribute('type', 'number');
  expect(field(/^Colony Diameter/)).toHaveAttribute('min', '0');
  expect(field(/^Colony Count/)).not.toHaveAttribute('min');
  expect(field(/^Read On/)).toHaveAttribute('type', 'date');
  expect(field(/^Read On/)).toHaveAttribute('max', TODAY);
  expect(field(/^Notes/).tagName).toBe('TEXTAREA');
  // Three mandatory parameters: asterisks and messages; the optional ones have neither.
  expect(container.querySelectorAll('.MuiFormLabel-asterisk')).toHaveLength(3);
  expect(screen.getByText('Colony Shape is required.')).toBeInTheDocument();
  expect(screen.getByText('Colony Diameter is required.')).toBeInTheDocument();
  expect(screen.getByText('Read On is required.')).toBeInTheDocument();
  expect(screen.queryByText('Notes is required.')).not.toBeInTheDocument();
});

test('shows recorded values, and the required message goes once a value is typed', () => {
  renderForm({ values: filled });
  expect(field(/^Colony Diameter/).value).toBe('3.2');
  expect(field(/^Read On/).value).toBe('2026-11-20');
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

test('the master-data dropdown searches getMasterData from 4 characters and offers at most 8 entries', async () => {
  answer({
    getMasterData: (b) => Array.from({ length: 12 }, (_, i) => ({ id: i + 1, shortname: `${String(b.message)} ${i + 1}`, value: `v${i}` })),
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
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...filled, SHAPE: 'Circ 3' }));
});

test('a Boolean parameter offers its two labels', () => {
  renderForm({ values: filled });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Gram Positive/ }));
  const list = screen.getByRole('listbox');
  expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['\u00a0', 'Positive', 'Negative']);
});
