import { bodyOf } from '../../lib/body';
import type { FastifyRequest } from 'fastify';
import { pncodeOf, type PlantAssessmentPreview, type PlantAssessmentSaveAnswer } from '../../../shared/contract/activity-endpoints';
import { WORKFLOW_MSG } from '../../../shared/workflow';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { insertPlantAssessment, isolateByCode, nextPlantAssessmentNumber, peekPlantAssessmentNumber } from './activity-repository';
import { textOf } from './activity-service';

/**
 * Level 2 entry (spec 001 section 2): an isolate code gives a plant assessment code. The code comes from
 * the plant_assessment_code_seq sequence inside the save transaction, so concurrent saves get distinct codes;
 * the lookup only previews the next one.
 */

async function isolateOf(req: FastifyRequest, db = req.server.db, lock = false) {
  const code = textOf(bodyOf(req).isolatecode);
  if (!code) throw new HttpError(400, WORKFLOW_MSG.isolateRequired);
  if (code.length > 50) throw new HttpError(400, 'The isolate code must be at most 50 characters.');
  const iso = await isolateByCode(db, code, lock);
  if (!iso) throw new HttpError(404, `There is no isolate with the code ${code}.`);
  return iso;
}

export async function previewPlantAssessment(req: FastifyRequest): Promise<PlantAssessmentPreview> {
  const iso = await isolateOf(req);
  return { pncode: pncodeOf(await peekPlantAssessmentNumber(req.server.db)), sampleno: iso.sampleno, samplenov: iso.samplenov, isolatecode: iso.isolatecode };
}

export async function savePlantAssessment(req: FastifyRequest): Promise<PlantAssessmentSaveAnswer> {
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const iso = await isolateOf(req, trx, true);
    const pncode = pncodeOf(await nextPlantAssessmentNumber(trx));
    const row = await insertPlantAssessment(trx, iso.isolate_id, pncode, req.auth?.userId as number);
    await audit({
      action: 'plantAssessment.create', entity: 'plant_assessment', entityId: row.id,
      after: { id: row.id, pncode, isolateid: iso.isolate_id, isolatecode: iso.isolatecode, samplenov: iso.samplenov },
    });
    return { statuss: 'Success', message: pncode, pncode, id: row.id };
  });
}
