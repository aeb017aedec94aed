/**
 * Reading a failed call without loading axios (an axios error is a plain object flagged `isAxiosError`).
 * Kept apart from the HTTP client so the sign-in screen can render before axios has loaded.
 */
interface HttpErrorLike {
  isAxiosError: true;
  response?: { status?: number; data?: unknown };
}

function asHttpError(error: unknown): HttpErrorLike | null {
  return error !== null && typeof error === 'object' && (error as { isAxiosError?: unknown }).isAxiosError === true
    ? (error as HttpErrorLike)
    : null;
}

/** HTTP status of a failed call, or undefined when no answer arrived (network, timeout) or it is not an HTTP error. */
export function httpStatus(error: unknown): number | undefined {
  return asHttpError(error)?.response?.status;
}

export const isUnauthorized = (error: unknown): boolean => httpStatus(error) === 401;

/** No answer at all, or a server fault: the request never got a business answer. */
export function isTransportError(error: unknown): boolean {
  const status = httpStatus(error);
  return status === undefined || status >= 500;
}

/** A save refused as stale (409: someone else changed the record meanwhile). */
export const isStale = (error: unknown): boolean => httpStatus(error) === 409;

/**
 * The failures every call shares, which the data layer (lib/api.ts) answers once for all screens: 401 (the
 * sign-in dialog), 409 (the Reload offer), no answer or a server fault (the data-is-still-on-screen message).
 * A screen reacts only to the rest: the server's business refusals.
 */
export function isHandledCentrally(error: unknown): boolean {
  return isUnauthorized(error) || isStale(error) || isTransportError(error);
}

/** The sentence of a stale refusal: the server's detail (parameters) or message, else the fallback. */
export function staleMessage(error: unknown, fallback: string): string {
  const data = asHttpError(error)?.response?.data as { detail?: unknown } | undefined;
  return typeof data?.detail === 'string' && data.detail !== '' ? data.detail : (serverMessage(error) ?? fallback);
}

/** The server's `message` from an error body, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const data = asHttpError(error)?.response?.data;
  if (!data || typeof data !== 'object' || !('message' in data) || typeof data.message !== 'string' || data.message === '') return undefined;
  // The legacy refusals (saveParameters, saveActivities, ...) answer the word 'Error' with the sentence in detail.
  if (data.message === 'Error' && 'detail' in data && typeof data.detail === 'string' && data.detail !== '') return data.detail;
  return data.message;
}

/** The field a refusal names (`field` in the error body), e.g. 'signaturePassword' or 'amendmentReason'. */
export function serverField(error: unknown): string | undefined {
  const data = asHttpError(error)?.response?.data;
  return data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' ? data.field : undefined;
}
