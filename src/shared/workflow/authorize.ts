import { REMARK_MAX, transitionFor, TRANSITIONS, type ActivityAction, type StoredStatus, type Transition } from './transitions';

/**
 * Who may take which transition (spec 001 sections 4 and 6), as one pure function the server enforces and
 * the screens can show: the owner submits (the first submit makes the caller the owner), the reporting
 * manager the activity was submitted to approves or reverts (a remark required for a revert), and nobody
 * approves or reverts their own submission.
 */
export interface WorkflowContext {
  /** The stored status (null: not submitted, or no transaction yet). */
  status: StoredStatus;
  /** The owner; null while no transaction exists (whoever submits first becomes the owner). */
  ownerId: number | null;
  /** The manager it was submitted to (null before a submit). */
  reportingManagerId: number | null;
  callerId: number;
  /** Approved, and data it rests on was amended since: its manager decides again. */
  amended?: boolean;
}

export type WorkflowRefusal = 'remarkRequired' | 'remarkTooLong' | 'illegal' | 'notOwner' | 'notManager' | 'ownSubmission';

export type WorkflowCheck = { ok: true; transition: Transition } | { ok: false; reason: WorkflowRefusal };

const blank = (s: string | null | undefined) => s === undefined || s === null || s.trim() === '';

/**
 * Checks an action against the table and the caller, in this order: the remark (a revert needs one, at
 * most 200 characters), the status (an illegal transition), then the actor (owner / reporting manager /
 * not one's own submission).
 */
export function checkTransition(ctx: WorkflowContext, action: ActivityAction, remark?: string | null): WorkflowCheck {
  if (remark != null && remark.trim().length > REMARK_MAX) return { ok: false, reason: 'remarkTooLong' };
  const t = transitionFor(ctx.status, action, ctx.amended);
  if (t?.remarkRequired && blank(remark)) return { ok: false, reason: 'remarkRequired' };
  if (!t) {
    const anyRemarkRule = TRANSITIONS.some((x) => x.action === action && x.remarkRequired);
    if (anyRemarkRule && blank(remark)) return { ok: false, reason: 'remarkRequired' };
    return { ok: false, reason: 'illegal' };
  }
  if (t.by === 'owner') {
    if (ctx.ownerId !== null && ctx.ownerId !== ctx.callerId) return { ok: false, reason: 'notOwner' };
    return { ok: true, transition: t };
  }
  if (ctx.reportingManagerId !== ctx.callerId) return { ok: false, reason: 'notManager' };
  if (ctx.ownerId === ctx.callerId) return { ok: false, reason: 'ownSubmission' };
  return { ok: true, transition: t };
}

/** The actions the caller may take now (a revert counted as allowed: its remark is asked for on the screen). */
export function allowedActions(ctx: WorkflowContext): ActivityAction[] {
  return (['submit', 'approve', 'revert'] as const).filter((a) => checkTransition(ctx, a, 'x').ok);
}

/** How the parameter screen opens for the caller: deciding (manager), editing (owner) or looking. */
export function workflowMode(ctx: WorkflowContext): 'owner' | 'manager' | 'view' {
  const allowed = allowedActions(ctx);
  if (allowed.includes('approve')) return 'manager';
  if (allowed.includes('submit')) return 'owner';
  return 'view';
}
