/**
 * Notifications as plain, serialisable actions: sagas `put(notify({...}))`, the one <Notifier/> shows them.
 * The reducer numbers them, so the action itself stays deterministic (easy to assert in saga tests).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Toast time-out (spec 000 section 9). */
export const TOAST_DURATION_MS = 5000;

export type NotifyVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface NotifyPayload {
  message: string;
  /** Shown before the message, e.g. 'OOPS!'. */
  title?: string;
  /** A second, smaller line (e.g. the server's reason). */
  detail?: string;
  variant: NotifyVariant;
}

export interface Notification extends NotifyPayload {
  id: number;
}

export interface NotifyState {
  queue: Notification[];
  nextId: number;
}

const initialState: NotifyState = { queue: [], nextId: 1 };

const notifySlice = createSlice({
  name: 'notify',
  initialState,
  reducers: {
    enqueued(state, action: PayloadAction<NotifyPayload>) {
      state.queue.push({ ...action.payload, id: state.nextId });
      state.nextId += 1;
    },
    shown(state, action: PayloadAction<number>) {
      state.queue = state.queue.filter((n) => n.id !== action.payload);
    },
  },
});

export const notifyReducer = notifySlice.reducer;
export const { enqueued: notify, shown: notificationShown } = notifySlice.actions;

export const notifyError = (message: string, title?: string, detail?: string) =>
  notify({ message, variant: 'error', ...(title ? { title } : {}), ...(detail ? { detail } : {}) });
export const notifySuccess = (message: string) => notify({ message, variant: 'success' });
export const notifyWarning = (message: string, title?: string) =>
  notify({ message, variant: 'warning', ...(title ? { title } : {}) });

export const selectNotifications = (state: { notify: NotifyState }) => state.notify.queue;
