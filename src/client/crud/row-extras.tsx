import { createContext, useContext, type ReactNode } from 'react';

/**
 * Extra row actions for every generic list, supplied by the app layer (app/shell-container), so that crud
 * and the features it serves need not import another feature: today the per-record history icon of the
 * Activity Log.
 */
export interface RowRecord {
  /** The audit entity of the resource (its definition's `entity ?? table`). */
  entity: string;
  id: string | number;
  /** How the record is named to the user. */
  label: string;
}

export type RowExtras = (record: RowRecord) => ReactNode;

export const RowExtrasContext = createContext<RowExtras | null>(null);

export function useRowExtras(): RowExtras | null {
  return useContext(RowExtrasContext);
}
