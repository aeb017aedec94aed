/** Starts the activity sagas in this store (once) and reads the session flags the screens depend on. */
import { useSelector, useStore } from 'react-redux';
import { injectSaga } from '../../app/store';
import { selectUser } from '../../app/session-slice';
import { activitiesSaga } from './activity-sagas';

export function useActivitiesSaga(): void {
  const store = useStore();
  injectSaga(store, 'activities', activitiesSaga);
}

export interface SessionFlags { userId: number | null; add: boolean; edit: boolean; microbe: boolean; toprole: boolean; approve: boolean }

/** The stored flags of the signed-in user (login answer; spec 001 section 6). */
export function useSessionFlags(): SessionFlags {
  const user = useSelector(selectUser);
  return {
    userId: user?.id ?? null,
    add: user?.add === true,
    edit: user?.edit === true,
    microbe: user?.microbe === true,
    toprole: user?.toprole === true,
    approve: user?.approve === true,
  };
}
