/**
 * Reading a rendered table in screen tests. Find the table by its accessible name once, then read its rows
 * and cells through the DOM: role queries over every row and cell cost seconds per call in jsdom, and a
 * `waitFor` repeats them until it passes.
 */
import { screen } from '@testing-library/react';

/** The table or list grid (role grid) labelled `name` (aria-label), found without walking the accessibility tree. */
export const tableNamed = (name: string): HTMLElement => {
  const el = screen.getByLabelText(name);
  if (!(el instanceof HTMLTableElement) && el.getAttribute('role') !== 'grid') throw new Error(`'${name}' labels a ${el.tagName}, not a table`);
  return el;
};

/** The body rows (the header row left out): a table's body rows, or a grid's rows of cells. */
export const bodyRows = (table: HTMLElement): HTMLElement[] =>
  table instanceof HTMLTableElement
    ? Array.from(table.tBodies).flatMap((b) => Array.from(b.rows))
    : Array.from(table.querySelectorAll<HTMLElement>('[role="row"]')).filter((r) => r.querySelector('[role="gridcell"]'));

/** A body row's cells. */
export const cellsOf = (row: HTMLElement): HTMLElement[] =>
  row instanceof HTMLTableRowElement ? Array.from(row.cells) : Array.from(row.querySelectorAll<HTMLElement>('[role="gridcell"]'));

/** The texts of one column of the body rows. */
export const columnTexts = (table: HTMLElement, index: number): Array<string | null> =>
  bodyRows(table).map((r) => cellsOf(r)[index]?.textContent ?? null);

/** Each body row's cell texts. */
export const rowTexts = (table: HTMLElement): Array<Array<string | null>> =>
  bodyRows(table).map((r) => cellsOf(r).map((c) => c.textContent));
