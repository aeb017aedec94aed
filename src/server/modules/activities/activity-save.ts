import { bodyOf } from '../../lib/body';
import type { FastifyRequest } from 'fastify';
import { ACTIVITY_MSG, type ActivityLevel, type ActivitySaveAnswer } from '../../../shared/contract/activity-endpoints';
import { validateParameterValue, type StoredParameter } from '../../../shared/parameters';
import { actionForStatus, checkTransition, WORKFLOW_MSG, type ActivityAction, type WorkflowRefusal } from '../../../shared/workflow';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { accessToActivity } from '../users/user-access-repository';
import { activeParameters, findActivity } from '../parameters/parameter-repository';
import {
  conditionalTransition, findTransaction, insertSubmitted, replaceValues, userWithManager, valuesOf,
  type StoredValue, type TransactionRow,
} from './activity-repository';
import { requireId, targetOf } from './activity-service';
import { SIGNATURE_MEANING, SIGNATURE_MSG, type SignedAction } from '../../../shared/contract/signatures';
import { recordSignature, type SignedContent } from '../../lib/signatures';
import { verifyPassword } from '../../lib/passwords';
import { decodeTransport, TransportDecodeError } from '../../lib/transport';
import { fullName } from '../auth/user-repository';
import { recordFailure } from '../auth/signin-throttle';

/**
 * saveActivities / saveActivityParameters (Level 1) and saveLvl2Activities (Level 2): one submit, approve or
 * revert, applied with the shared transition table (shared/workflow) inside a transaction with its audit
 * row. Approve and revert (and a resubmit) are conditional updates on (status, version): of two racing
 * transitions exactly one wins, the other answers 409. Submitted values are checked with the same
 * validation as the form (shared/parameters) and stored typed, replacing the transaction's values.
 */
type Body = Record<string, unknown> | null | undefined;

const REFUSAL: Record<WorkflowRefusal, () => HttpError> = {
  remarkRequired: () => new HttpError(400, WORKFLOW_MSG.remarkRequired),
  remarkTooLong: () => new HttpError(400, ACTIVITY_MSG.remarkMax),
  illegal: () => new HttpError(409, 'illegal'),
  notOwner: () => new HttpError(403, ACTIVITY_MSG.notOwner),
  notManager: () => new HttpError(403, ACTIVITY_MSG.notManager),
  ownSubmission: () => new HttpError(403, ACTIVITY_MSG.ownSubmission),
};

const stale = () => new HttpError(409, ACTIVITY_MSG.stale);

/** A wrong signature password, found inside the deciding transaction (which then rolls back). */
class WrongSignature extends Error {}

/**
 * The electronic signature an approval or a reversion carries: the meaning the screen showed and the manager's
 * password, re-entered and transport-encoded (shared/contract/signatures.ts). Checked before anything is read.
 */
function signatureOf(req: FastifyRequest, body: Body, action: SignedAction): { password: string; meaning: string } {
  const password = body?.signaturePassword;
  const meaning = body?.signatureMeaning;
  if (password === undefined || password === null || password === '') throw new HttpError(400, SIGNATURE_MSG.required(action), { field: 'signaturePassword' });
  if (meaning !== SIGNATURE_MEANING[action]) throw new HttpError(400, SIGNATURE_MSG.meaning(action), { field: 'signatureMeaning' });
  try {
    return { password: decodeTransport(password, req.server.settings.clientCryptoKey, 'signature password'), meaning: SIGNATURE_MEANING[action] };
  } catch (err) {
    if (err instanceof TransportDecodeError) throw new HttpError(400, err.message, { field: 'signaturePassword' });
    throw err;
  }
}

function remarkOf(body: Body): string | null {
  const r = body?.remarks ?? body?.remark;
  if (r === undefined || r === null) return null;
  if (typeof r !== 'string') throw new HttpError(400, 'The remark must be text.');
  return r.trim() === '' ? null : r.trim();
}

/** The version the client read: null = not sent (no check), 0 = 'none existed', n = that version. */
function versionOf(body: Body): number | null {
  const v = body?.version;
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new HttpError(400, 'The version must be a whole number from 0.');
  return n;
}

/** Checks the submitted values against the configuration: the typed values to store, or a 400 with the value's message. */
export function checkValues(params: readonly StoredParameter[], activeList: unknown, activityName: string): StoredValue[] {
  if (activeList !== undefined && activeList !== null && !Array.isArray(activeList)) throw new HttpError(400, 'Please send the parameter values as a list (activeList).');
  const items = (activeList ?? []) as unknown[];
  const byParam = new Map<number, unknown>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null) throw new HttpError(400, 'Each parameter value must be an object {id or shortname, inputvalue}.');
    const o = item as Record<string, unknown>;
    const p = params.find((x) => x.id === o.id) ?? params.find((x) => typeof o.shortname === 'string' && x.shortname.toLowerCase() === o.shortname.trim().toLowerCase());
    if (!p) {
      const name = typeof o.shortname === 'string' ? o.shortname : String(o.id ?? '?');
      throw new HttpError(400, `The parameter ${name} is not configured for ${activityName} (any more). Please reload.`, { field: name });
    }
    byParam.set(p.id, 'inputvalue' in o ? o.inputvalue : o.input);
  }
  const out: StoredValue[] = [];
  for (const p of params) {
    const r = validateParameterValue(p, byParam.get(p.id));
    if (!r.ok) throw new HttpError(400, r.message, { field: p.shortname });
    if (r.value) out.push({ parameterId: p.id, text: r.value.text, number: r.value.number, date: r.value.date });
  }
  return out;
}

const snapshot = (t: TransactionRow | undefined) =>
  t && { status: t.status, owner: t.owner_id, reportingManager: t.reporting_manager_id, remark: t.remark, version: t.version, ...(t.amended_at ? { amendedAt: t.amended_at } : {}) };

export async function saveActivity(req: FastifyRequest, level: ActivityLevel): Promise<ActivitySaveAnswer> {
  const body = bodyOf(req);
  const auth = req.auth;
  if (!auth) throw new HttpError(401, 'login again');
  const action: ActivityAction | undefined = actionForStatus(typeof body?.status === 'string' ? body.status.trim().toUpperCase() : body?.status);
  if (!action) throw new HttpError(400, ACTIVITY_MSG.status);
  const remark = remarkOf(body);
  const version = versionOf(body);
  const actId = requireId(body, ['actid', 'activityID', 'id'], ACTIVITY_MSG.activity);
  const db = req.server.db;

  const signature = action === 'submit' ? null : signatureOf(req, body, action);
  const decide = () => mutate(db, actorOf(req), async (trx, audit): Promise<ActivitySaveAnswer> => {
    const activity = await findActivity(trx, actId);
    if (!activity) throw new HttpError(404, `There is no Activity Type with id ${actId}.`);
    if (activity.level !== level) throw new HttpError(400, `${activity.name} is a ${activity.level} activity.`);
    const target = await targetOf(trx, level, body);
    const t = await findTransaction(trx, target, actId, { forUpdate: true });
    if (version !== null && version !== (t?.version ?? 0)) throw stale();

    const checked = checkTransition(
      {
        status: t?.status ?? null, ownerId: t?.owner_id ?? null, reportingManagerId: t?.reporting_manager_id ?? null, callerId: auth.userId,
        amended: t?.status === 'A' && t.amended_at !== null,
      },
      action,
      remark,
    );
    if (!checked.ok) {
      if (checked.reason === 'illegal') throw new HttpError(409, ACTIVITY_MSG.illegal(t?.status ?? null, action));
      throw REFUSAL[checked.reason]();
    }

    const beforeValues = t && action === 'submit' ? await valuesOf(trx, t.id) : undefined;
    let after: TransactionRow | undefined;
    let values: StoredValue[] | undefined;
    let signed: { id: number; hash: string; name: string; username: string; at: string; meaning: string } | undefined;
    if (action === 'submit') {
      const access = await accessToActivity(trx, auth.userId, actId);
      if (!access) throw new HttpError(403, ACTIVITY_MSG.noAccess);
      if (!access.edit) throw new HttpError(403, ACTIVITY_MSG.noEdit);
      if (activity.active !== 'Y') throw new HttpError(400, `The activity ${activity.name} is inactive.`);
      const owner = await userWithManager(trx, auth.userId);
      if (!owner?.managerId) throw new HttpError(400, ACTIVITY_MSG.noReportingManager);
      values = checkValues(await activeParameters(trx, actId), body?.activeList, activity.name);
      after = t
        ? await conditionalTransition(trx, t.id, { status: t.status, version: t.version }, { status: 'S', remark: null, reportingManagerId: owner.managerId })
        : await insertSubmitted(trx, target, actId, auth.userId, owner.managerId);
      if (!after) throw stale();
      await replaceValues(trx, after.id, target.isolateId, values);
    } else {
      if (!auth.flags.approve) throw new HttpError(403, ACTIVITY_MSG.noApprove);
      const tx = t as TransactionRow;
      // The signature: the signer's own password, checked in the transaction that changes the status.
      const signer = await trx.selectFrom('app_user').select(['id', 'username', 'password_hash', 'first_name', 'middle_name', 'last_name'])
        .where('id', '=', auth.userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(signer.password_hash, signature!.password))) throw new WrongSignature();
      after = await conditionalTransition(trx, tx.id, { status: tx.status, version: tx.version }, { status: checked.transition.to, remark, decidedBy: auth.userId });
      if (!after) throw stale();
      const content: SignedContent = {
        transactionId: after.id, activity: { id: activity.id, shortname: activity.shortname, level },
        target: { samplenov: target.samplenov, pncode: target.pncode }, owner: after.owner_id, statusFrom: tx.status, statusTo: checked.transition.to,
        action: action as SignedAction, meaning: signature!.meaning, remark,
        values: (await valuesOf(trx, after.id)).map((v) => ({ parameterId: v.parameterId, text: v.text })),
        signer: { id: signer.id, username: signer.username, name: fullName(signer) }, signedAt: new Date().toISOString(),
      };
      signed = { ...(await recordSignature(trx, content)), name: content.signer.name, username: signer.username, at: content.signedAt, meaning: content.meaning };
    }

    await audit({
      action: `activity.${action}`,
      entity: 'activity_transaction',
      entityId: after.id,
      before: t ? { ...snapshot(t), ...(beforeValues ? { values: beforeValues.map((v) => ({ parameterId: v.parameterId, value: v.text })) } : {}) } : null,
      after: {
        ...snapshot(after), activity: activity.shortname, level, samplenov: target.samplenov, pncode: target.pncode,
        ...(values ? { values: values.map((v) => ({ parameterId: v.parameterId, value: v.text })) } : {}),
        ...(signed ? { signature: signed } : {}),
      },
      reason: remark,
    });
    return { message: 'Success', status: checked.transition.to, trnid: after.id, version: after.version };
  });
  try {
    return await decide();
  } catch (err) {
    if (!(err instanceof WrongSignature)) throw err;
    // The refusal counts toward the sign-in throttle of this account and address, like a wrong sign-in.
    await mutate(db, actorOf(req), async (trx, audit) => {
      const failures = await recordFailure(trx, auth.userId, req.ip ?? null);
      await audit({ action: 'signature.refused', entity: 'activity_transaction', entityId: null, reason: 'wrong password', after: { action, actid: actId, failed_signins: failures } });
    });
    throw new HttpError(403, SIGNATURE_MSG.wrongPassword, { field: 'signaturePassword' });
  }
}
