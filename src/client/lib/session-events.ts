/**
 * Session events any feature may raise. The session feature owns the reaction (clear storage, reset the
 * store, toast, go to /login); the action lives here so features need not import each other.
 */
import { createAction } from '@reduxjs/toolkit';

/** A call answered 401 (other than sign-in/logout) or checklogin said 'login again'. */
export const sessionExpired = createAction('session/expired');
