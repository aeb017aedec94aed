import { fireEvent, within } from '@testing-library/react';
import { formatDay } from '../../shared/format/date-time';

/**
 * The input of a DateField by its label: the picker keeps the typed text (dd-MMM-yyyy) in a hidden input named
 * by the label, next to the day, month and year sections a person types into.
 */
export function dateInput(label: string | RegExp, container: HTMLElement = document.body): HTMLInputElement {
  const labelEl = within(container).getByText(label, { selector: 'label' });
  const input = container.ownerDocument.getElementById(labelEl.getAttribute('for') ?? '');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no date input for ${String(label)}`);
  return input;
}

/** Types a whole date (given as an ISO day, '' to empty the field) into a DateField, as a paste would, and leaves it. */
export function changeDate(label: string | RegExp, iso: string, container?: HTMLElement): void {
  typeDate(dateInput(label, container), iso);
}

/** The same on the input itself: the text goes in, then the field's sections lose the focus (its onBlur). */
export function typeDate(input: HTMLInputElement, iso: string): void {
  fireEvent.change(input, { target: { value: iso ? shownDay(iso) : '' } });
  const sections = input.parentElement?.querySelector('.MuiPickersSectionList-root');
  if (sections) fireEvent.blur(sections);
}

/** How a DateField shows an ISO day: '2026-01-05' -> '05-Jan-2026'. */
export const shownDay = formatDay;
