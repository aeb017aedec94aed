import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IsolatePreview, SamplingData } from '../../../shared/contract/sample-endpoints';
import { ISOLATE_MSG, checkIsolate } from '../../../shared/validation/isolate';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import {
  findActiveSampleByCode, findActiveSampleByOtp, findIsolateByVersion, findSample, findSampleByCode, insertIsolate, isolateCount,
  otpsWithoutIsolate, peekIsolateCode, sampleVersion, type SampleRow,
} from './sample-repository';
import { auditIsolate, recordOf } from './sample-answers';
import { bodyOf, textOf } from '../../lib/body';
import { SAMPLE_CONTRACT } from '../../../shared/contract/sample-schemas';

/**
 * Isolates (spec 001 sections 2-5, 7, 8). An isolate is one sample code version (samplenov, '<sampleno>-n')
 * with its isolate code. Create mode: an OTP names an active inward sample with no isolate yet; its first
 * isolate is '<sampleno>-1'. Other mode: a sample code names an active sample; the save adds the next
 * version. The sample row is locked (FOR UPDATE) in the save transaction, so two saves on one sample get
 * consecutive versions; the isolate code comes from isolate_code_seq in the same transaction (the code
 * shown before the save, organismtype, is a preview).
 */



async function preview(req: FastifyRequest, sample: SampleRow): Promise<IsolatePreview> {
  const count = await isolateCount(req.server.db, sample.id);
  return {
    id: sample.id,
    sampleno: sample.sampleno,
    sampleinno: sample.sampleinno,
    samplenov: sampleVersion(sample.sampleno, count + 1),
    organismtype: await peekIsolateCode(req.server.db),
    isolates: count,
    sampleInward: recordOf(sample),
  };
}

async function otps(req: FastifyRequest) {
  return otpsWithoutIsolate(req.server.db);
}

async function byOtp(req: FastifyRequest) {
  const otp = textOf(bodyOf(req).otp);
  if (!otp) throw new HttpError(400, ISOLATE_MSG.selectOtp);
  const sample = await findActiveSampleByOtp(req.server.db, otp);
  if (!sample || (await isolateCount(req.server.db, sample.id)) > 0) throw new HttpError(404, ISOLATE_MSG.unknownOtp);
  return preview(req, sample);
}

async function findIsolate(req: FastifyRequest) {
  const body = bodyOf(req);
  const code = textOf(body.sampleno) || textOf(body.searchText) || textOf(body.samplenov);
  if (!code) throw new HttpError(400, ISOLATE_MSG.emptySampleCode);
  if (code.length > 100) throw new HttpError(400, 'The Sample Code must be at most 100 characters.');
  const sample = await findActiveSampleByCode(req.server.db, code);
  if (!sample) throw new HttpError(404, ISOLATE_MSG.unknownSample);
  return preview(req, sample);
}

async function samplingData(req: FastifyRequest): Promise<SamplingData> {
  const body = bodyOf(req);
  const samplenov = textOf(body.samplenov);
  const sampleno = textOf(body.sampleno);
  if (!samplenov && !sampleno) throw new HttpError(400, 'Please send the sample code (sampleno) or the sample code version (samplenov).');
  const isolate = samplenov ? await findIsolateByVersion(req.server.db, samplenov) : undefined;
  const sample = isolate ? await findSample(req.server.db, isolate.sample_inward_id) : sampleno ? await findSampleByCode(req.server.db, sampleno) : undefined;
  if (!sample) throw new HttpError(404, `There is no sample with the code ${samplenov || sampleno}.`);
  return {
    ...recordOf(sample),
    samplenov: isolate?.samplenov ?? null,
    isolatecode: isolate?.isolatecode ?? null,
    sampletype: isolate?.sampletype ?? null,
    soilph: isolate ? Number(isolate.soilph) : null,
    soilec: isolate ? Number(isolate.soilec) : null,
    soilTDS: isolate ? Number(isolate.soiltds) : null,
  };
}

function measuresOf(body: Record<string, unknown>) {
  const checked = checkIsolate(body);
  if (!checked.ok) throw new HttpError(400, checked.message, { field: checked.field });
  const v = checked.values;
  return { sampletype: v.sampletype, soilph: v.soilph, soilec: v.soilec, soiltds: v.soiltds };
}

/** Saves the next isolate of the sample named by an OTP or a sample code (locked), or answers Success1. */
async function saveIsolate(req: FastifyRequest, mode: 'otp' | 'code', key: string, values: ReturnType<typeof measuresOf>) {
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const sample = mode === 'otp' ? await findActiveSampleByOtp(trx, key, true) : await findActiveSampleByCode(trx, key, true);
    if (!sample) return { statuss: 'Success1', rescoremessage: mode === 'otp' ? ISOLATE_MSG.unknownOtp : ISOLATE_MSG.unknownSample };
    if (mode === 'otp' && (await isolateCount(trx, sample.id)) > 0) return { statuss: 'Success1', rescoremessage: ISOLATE_MSG.alreadyIsolated };
    const row = await insertIsolate(trx, sample, values, req.auth!.userId);
    await audit({
      action: 'isolate.create', entity: 'isolate', entityId: row.id, before: null, after: auditIsolate(row),
      reason: mode === 'otp' ? `first isolate of ${sample.sampleno} (by OTP)` : `isolate of ${sample.sampleno}`,
    });
    return { statuss: 'Success', message: row.samplenov, samplenov: row.samplenov, isolatecode: row.isolatecode };
  });
}

async function saveByOtp(req: FastifyRequest) {
  const values = measuresOf(bodyOf(req));
  const otp = textOf(bodyOf(req).otp);
  if (!otp) throw new HttpError(400, ISOLATE_MSG.selectOtp, { field: 'otp' });
  return saveIsolate(req, 'otp', otp, values);
}

async function saveByCode(req: FastifyRequest) {
  const body = bodyOf(req);
  const values = measuresOf(body);
  const code = textOf(body.sampleno) || textOf(body.samplenov);
  if (!code) throw new HttpError(400, ISOLATE_MSG.nextIsolateCode, { field: 'sampleno' });
  return saveIsolate(req, 'code', code, values);
}

const C = SAMPLE_CONTRACT;

export function isolateRoutes(app: FastifyInstance): void {
  app.endpoint(C.getOtpForIsolated, otps);
  app.endpoint(C.getoverwrightotp, byOtp);
  app.endpoint(C.getfindisolate, findIsolate);
  app.endpoint(C.getSamplingData, samplingData);
  app.endpoint(C.saveisolatecodereplacetootp, saveByOtp);
  app.endpoint(C.saveisolatecode, saveByCode);
}

