/**
 * Reading a rendered table in screen tests. Find the table by its accessible name once, then read its rows
 * and cells through the DOM: role queries over every row and cell cost seconds per call in jsdom, and a
 * `waitFor` repeats them until it passes.
 */
import { screen } from '@testing-library/react';

/** The table labelled `name` (aria-label), found without walking the accessibility tree. */
export const tableNamed = (name: string): HTMLTableElement => {
  const el = screen.getByLabelText(name);
  if (!(el instanceof HTMLTableElement)) throw new Error(`'${name}' labels a ${el.tagName}, not a table`);
  return el;
};

/** The body rows (the header row left out). */
export const bodyRows = (table: HTMLElement): HTMLTableRowElement[] =>
  Array.from((table as HTMLTableElement).tBodies).flatMap((b) => Array.from(b.rows));

/** The texts of one column of the body rows. */
export const columnTexts = (table: HTMLElement, index: number): Array<string | null> =>
  bodyRows(table).map((r) => r.cells[index]?.textContent ?? null);

/** Each body row's cell texts. */
export const rowTexts = (table: HTMLElement): Array<Array<string | null>> =>
  bodyRows(table).map((r) => Array.from(r.cells).map((c) => c.textContent));
