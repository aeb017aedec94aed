import type { SagaIterator } from 'redux-saga';
import { call, spawn } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/session-sagas';

/** Each feature saga is spawned and restarted after a crash, so one failure does not kill the rest. */
export function keepAlive(saga: () => SagaIterator, name: string) {
  return function* supervised(): SagaIterator {
    for (;;) {
      try {
        yield call(saga);
        return; // finished normally
      } catch (error) {
        console.error(`Saga ${name} crashed; restarting.`, error);
      }
    }
  };
}

export const FEATURE_SAGAS: Array<[string, () => SagaIterator]> = [['session', sessionSaga]];

export function* rootSaga(): SagaIterator {
  for (const [name, saga] of FEATURE_SAGAS) yield spawn(keepAlive(saga, name));
}
