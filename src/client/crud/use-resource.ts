import { useSelector, useStore } from 'react-redux';
import type { ResourceDef } from '../../shared/resources/types';
import { injectSaga, type RootState } from '../app/store';
import { sagaFor } from './crud-sagas';
import { selectResourceState, type ResourceState } from './crud-slice';

/**
 * A CRUD screen's link to the store: starts the resource's saga in this store (once; before the screen's
 * effects dispatch anything) and selects the resource's state.
 */
export function useResource(r: ResourceDef): ResourceState {
  const store = useStore();
  injectSaga(store, `crud/${r.name}`, sagaFor(r));
  return useSelector((state: RootState) => selectResourceState(state, r.name));
}

/** Fills a route pattern's ':id'. */
export const routeWithId = (pattern: string, id: unknown): string => pattern.replace(':id', encodeURIComponent(String(id)));
