import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SAMPLE_ENDPOINTS } from '../../../shared/contract/sample-endpoints';
import { MASTER_TYPES } from '../../../shared/resources/common-master';
import { SAMPLE_INWARD_MSG, checkSampleInward, latestToday, type SampleInwardValues } from '../../../shared/validation/sample-inward';
import { mutate } from '../../lib/audit';
import { actorOf, requirePermission } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { keptAnswer } from '../../lib/kept-answers';
import {
  findMasterEntry, findSample, insertSample, listSamples, lockSample, setSampleActive, updateSample, userExists,
  type SampleColumns, type SampleRow,
} from './sample-repository';
import { auditSample, recordOf, rowsOf } from './sample-answers';
import { bodyOf, countUpToOf, idOf, pageOf, textOf } from '../../lib/body';
import { SAMPLE_CONTRACT } from '../../../shared/contract/sample-schemas';
import { isolateRoutes } from './isolate-routes';
import { amendmentReasonOf, recordAmendment, requireOwnerOrTopRole, requireReason, resultsRestOn } from '../../lib/amendments';
import { AMENDMENT_MSG, AMENDMENT_REASON_MAX } from '../../../shared/contract/amendments';
import { statusChangesOf, recordIntegrity } from './sample-integrity';

/**
 * Sample inward (spec 001 sections 2-5, 7, 8): the list and its search, the record by id, the save (numbers,
 * sample code and OTP generated in the save transaction) and the delete (active N). The body is checked with
 * the same yup schema as the form (shared/validation/sample-inward); the state must be an active entry of
 * 'States of India' and the district an active 'District' of that state.
 */

const E = SAMPLE_ENDPOINTS;


// ---- handlers ------------------------------------------------------------------------------------

async function list(req: FastifyRequest) {
  const body = bodyOf(req);
  const page = pageOf(body.pageno);
  const listed = await listSamples(req.server.db, { page });
  return rowsOf(page, listed, await statusChangesOf(req.server.db, listed.rows));
}

async function search(req: FastifyRequest) {
  const body = bodyOf(req);
  const text = textOf(body.searchText);
  if (!text) throw new HttpError(400, SAMPLE_INWARD_MSG.emptySearch);
  if (text.length > 100) throw new HttpError(400, 'The search text must be at most 100 characters.');
  const countUpTo = countUpToOf(body.countUpTo);
  const page = pageOf(body.pageno);
  const listed = await listSamples(req.server.db, { page, search: text, countUpTo });
  return rowsOf(page, listed, await statusChangesOf(req.server.db, listed.rows));
}

async function byId(req: FastifyRequest) {
  const body = bodyOf(req);
  const id = idOf(body.id ?? body.trnid, 'id');
  if (id === null) throw new HttpError(400, 'Please send the id of the sample.');
  const row = await findSample(req.server.db, id);
  if (!row) throw new HttpError(404, `There is no sample inward with id ${id}.`);
  return { ...recordOf(row), ...(await recordIntegrity(req, row)) };
}

/** The stored columns of a valid body: the state and district resolved to their master entries. */
async function columnsOf(req: FastifyRequest, body: Record<string, unknown>, v: SampleInwardValues, stored: SampleRow | undefined): Promise<SampleColumns> {
  const db = req.server.db;
  let state: { id: number | null; name: string };
  if (stored && v.statesofIndia === stored.state_name && idOf(body.statesofIndiaId, 'statesofIndiaId') === null) {
    state = { id: stored.state_id, name: stored.state_name };
  } else {
    const e = await findMasterEntry(db, MASTER_TYPES.state, { id: idOf(body.statesofIndiaId, 'statesofIndiaId'), name: v.statesofIndia });
    if (!e) throw new HttpError(400, `'${v.statesofIndia}' is not an active entry of ${MASTER_TYPES.state}.`, { field: 'statesofIndia' });
    state = { id: e.id, name: e.value };
  }
  let district: { id: number | null; name: string };
  if (stored && state.id === stored.state_id && v.district === stored.district_name && idOf(body.districtId, 'districtId') === null) {
    district = { id: stored.district_id, name: stored.district_name };
  } else {
    const e = state.id === null ? undefined
      : await findMasterEntry(db, MASTER_TYPES.district, { id: idOf(body.districtId, 'districtId'), name: v.district }, state.id);
    if (!e) throw new HttpError(400, `'${v.district}' is not an active District of ${state.name}.`, { field: 'district' });
    district = { id: e.id, name: e.value };
  }
  const resourceId = idOf(body.resourceID, 'resourceID');
  return {
    sampling_date: v.samplingdate,
    inward_date: v.samplecollectdate,
    sampledby: v.sampledby,
    resource_name: v.resourceName,
    resource_id: resourceId !== null && (await userExists(db, resourceId)) ? resourceId : null,
    state_id: state.id,
    state_name: state.name,
    district_id: district.id,
    district_name: district.name,
    gpslocation: v.gpslocation,
    source: v.source,
    agroclimaticzone: v.agroclimaticzone,
    minimumrainfall: v.minimumrainfall,
    maximumrainfall: v.maximumrainfall,
    temperature: v.temperature,
    soiltype: v.soiltype,
    soilcolor: v.soilcolor,
  };
}

async function save(req: FastifyRequest) {
  const body = { ...bodyOf(req) };
  const id = idOf(body.id, 'id');
  const expected = idOf(body.version, 'version');
  requirePermission(req, id === null ? E.savesampleinverd.permission : E.savesampleinverd.permissionOnUpdate);
  const checked = checkSampleInward(body, latestToday());
  if (!checked.ok) throw new HttpError(400, checked.message, { field: checked.field });
  const userId = req.auth!.userId;

  if (id === null) {
    const columns = await columnsOf(req, body, checked.values, undefined);
    return mutate(req.server.db, actorOf(req), async (trx, audit) => {
      const row = await insertSample(trx, columns, userId);
      await audit({ action: 'sampleInward.create', entity: 'sample_inward', entityId: row.id, before: null, after: auditSample(row) });
      return { status: 'Success', message: row.otp, id: row.id, sampleinno: row.sampleinno, sampleno: row.sampleno };
    });
  }
  const stored = await findSample(req.server.db, id);
  if (!stored) throw new HttpError(404, `There is no sample inward with id ${id}.`);
  await requireOwnerOrTopRole(req, stored.created_by, 'sample');
  const reason = amendmentReasonOf(body.amendmentReason);
  const columns = await columnsOf(req, body, checked.values, stored);
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const before = await lockSample(trx, id);
    if (!before) throw new HttpError(404, `There is no sample inward with id ${id}.`);
    if (before.active !== 'Y' || before.typedataof !== 'I') return { status: 'Success1', message: SAMPLE_INWARD_MSG.inactive };
    if (expected !== null && expected !== before.version) throw new HttpError(409, SAMPLE_INWARD_MSG.stale, { version: before.version });
    // A save that changes nothing writes nothing (and needs no reason).
    if (Object.entries(columns).every(([k, v]) => String(before[k as keyof SampleColumns]) === String(v))) {
      return { status: 'Success', message: before.otp, id, sampleinno: before.sampleinno, sampleno: before.sampleno };
    }
    // Locked under the row lock: no submit can slip in between the check and the change.
    const amended = (await resultsRestOn(trx, { sampleId: id })) ? requireReason(reason, 'sample') : null;
    const after = await updateSample(trx, id, columns, userId);
    const marked = amended ? await recordAmendment(trx, { entity: 'sample_inward', entityId: id, sampleId: id, isolateId: null, by: userId, reason: amended }) : [];
    await audit({
      action: amended ? 'sampleInward.amend' : 'sampleInward.update', entity: 'sample_inward', entityId: id,
      before: auditSample(before), after: amended ? { ...auditSample(after), activitiesMarkedAmended: marked } : auditSample(after), reason: amended ?? reason,
    });
    return { status: 'Success', message: after.otp, id, sampleinno: after.sampleinno, sampleno: after.sampleno };
  });
}

async function changeStatus(req: FastifyRequest) {
  const body = bodyOf(req);
  const id = idOf(body.id, 'id');
  if (id === null) throw new HttpError(400, 'Please send the id of the sample.');
  const activeText = textOf(body.active).toUpperCase() || 'N';
  if (activeText !== 'Y' && activeText !== 'N') throw new HttpError(400, "The field 'active' must be 'Y' or 'N'.");
  const active = activeText as 'Y' | 'N';
  const expected = idOf(body.version, 'version');
  // A deletion and a restore each say why (kept on the row and in the audit trail); only a Top Role user restores.
  if (body.reason !== undefined && body.reason !== null && typeof body.reason !== 'string') throw new HttpError(400, 'The reason must be text.', { field: 'reason' });
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) throw new HttpError(400, active === 'N' ? AMENDMENT_MSG.deleteReasonRequired : AMENDMENT_MSG.restoreReasonRequired, { field: 'reason' });
  if (reason.length > AMENDMENT_REASON_MAX) throw new HttpError(400, `The reason must be at most ${AMENDMENT_REASON_MAX} characters.`, { field: 'reason' });
  if (active === 'Y' && !req.auth!.flags.toprole) throw new HttpError(403, AMENDMENT_MSG.restoreTopRoleOnly);
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const before = await lockSample(trx, id);
    if (!before) throw new HttpError(404, `There is no sample inward with id ${id}.`);
    if (before.typedataof !== 'I') return { status: 'Success1', rescoremessage: 'Only inward samples can be deleted here.' };
    if (before.active === active) {
      return { status: 'Success1', rescoremessage: active === 'N' ? 'This sample is already deleted.' : 'This sample is already active.' };
    }
    if (expected !== null && expected !== before.version) throw new HttpError(409, SAMPLE_INWARD_MSG.stale, { version: before.version });
    const after = await setSampleActive(trx, id, active, req.auth!.userId, reason);
    await audit({
      action: active === 'N' ? 'sampleInward.delete' : 'sampleInward.reactivate',
      entity: 'sample_inward', entityId: id, before: auditSample(before), after: auditSample(after), reason,
    });
    return { status: 'Success', message: active === 'N' ? SAMPLE_INWARD_MSG.deleted : SAMPLE_INWARD_MSG.reactivated };
  });
}

const C = SAMPLE_CONTRACT;

export function sampleRoutes(app: FastifyInstance): void {
  app.endpoint(C.savesampleinverd, save);
  app.endpoint(C.getsamphome, keptAnswer(list));
  app.endpoint(C.getSearchForsampleinward, keptAnswer(search));
  app.endpoint(C.getsapleivertById, byId);
  app.endpoint(C.changesampleinStatus, changeStatus);
  isolateRoutes(app);
}
