/**
 * Drafts: what the user typed on the open screen, kept in sessionStorage by route while the session is
 * renewed (the sign-in dialog), so that a session that ended under a form costs nothing. The fields are read
 * from the page itself (every named input, select and textarea of the screen), which works for every form
 * without each screen having to register, and a reload of the page during the dialog keeps them too.
 * Passwords and files are never kept. Sign-out clears sessionStorage with them (lib/storage).
 */
const PREFIX = 'draft:';
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Draft = Record<string, string | boolean>;

const SKIPPED_TYPES = new Set(['password', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

/** The screen's own fields: inside <main> (the shell's content) when there is one, never in a dialog. */
function screenFields(): Field[] {
  const root = document.querySelector('main') ?? document.body;
  return Array.from(root.querySelectorAll<Field>('input[name], textarea[name], select[name]')).filter(
    (el) => !(el instanceof HTMLInputElement && SKIPPED_TYPES.has(el.type)) && !el.closest('[role="dialog"]'),
  );
}

const isCheckable = (el: Field): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
/** Radios share a name: keep each one's state under name=value. */
const keyOf = (el: Field) => (el instanceof HTMLInputElement && el.type === 'radio' ? `${el.name}=${el.value}` : el.name);

function readDraft(route: string): Draft {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + route);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Draft) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps the screen's filled-in fields as the draft of `route`, over what an earlier capture kept (a page
 * reloaded during the dialog shows an empty form: it must not overwrite the draft). Returns the count kept.
 */
export function keepDraft(route: string): number {
  const draft = readDraft(route);
  for (const el of screenFields()) {
    if (isCheckable(el)) {
      if (el.checked || !(keyOf(el) in draft)) draft[keyOf(el)] = el.checked;
    }
    else if (el.value !== '') draft[keyOf(el)] = el.value;
  }
  const count = Object.keys(draft).length;
  try {
    if (count > 0) window.sessionStorage.setItem(PREFIX + route, JSON.stringify(draft));
  } catch {
    /* storage refused: the dialog still keeps the screen mounted with its values */
  }
  return count;
}

/** Sets a field as the user would, so React (and Formik) see the change. */
function setField(el: Field, value: string | boolean): boolean {
  if (isCheckable(el)) {
    if (el.checked === value) return false;
    el.click();
    return true;
  }
  if (typeof value !== 'string' || el.value === value) return false;
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** Puts the draft of `route` back into the screen's fields that lost it, then forgets it. Returns the count set. */
export function restoreDraft(route: string): number {
  const draft = readDraft(route);
  let restored = 0;
  for (const el of screenFields()) {
    const key = keyOf(el);
    if (key in draft && setField(el, draft[key])) restored += 1;
  }
  discardDraft(route);
  return restored;
}

export function discardDraft(route: string): void {
  try {
    window.sessionStorage.removeItem(PREFIX + route);
  } catch {
    /* ignore */
  }
}
