import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AwaitingIdentificationRow, IdentificationRecord } from '../../../shared/contract/microbe-endpoints';
import { MICROBE_MASTER_TYPES } from '../../../shared/resources';
import { PAGE_SIZE } from '../../../shared/resources/types';
import { IDENTIFICATION_MSG, validateIdentification } from '../../../shared/validation/microbe-identification';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { bodyOf, pageOf, textOf, wholeNumber, type Body } from '../../lib/body';
import { IDENTIFICATION_CONTRACT as C } from '../../../shared/contract/microbe-schemas';
import { findTypeByName } from '../common-master/common-master-repository';
import {
  awaitingIdentification, findIdentification, findIsolate, insertIdentification, typeOfMicrobe, updateIdentification,
  type IdentificationColumns, type IdentificationRow, type IsolateRef,
} from './identification-repository';
import { findActiveMicrobe } from './microbe-repository';
import { sql } from 'kysely';
import { amendmentReasonOf, amendmentsOf, recordAmendment, requireOwnerOrTopRole, requireReason, resultsRestOn } from '../../lib/amendments';

/**
 * Microbe identification of an isolate (spec 001 sections 2, 3, 7): read and save the one identification
 * of the isolate whose sample code version is `samplenov`. The microbe, genus and species must be an active
 * row of the microbe master (or the one already stored); the gram character an active entry of the
 * 'Gram Character' master; the values are checked with the shared schema (the form's). Optimistic version:
 * a stale save answers 409 and changes nothing. Every save is audited with before and after.
 */


function isolateKey(body: Body): { samplenov?: string; id?: number } {
  const samplenov = textOf(body.samplenov);
  if (samplenov) {
    if (samplenov.length > 100) throw new HttpError(400, 'The sample code version must be at most 100 characters.');
    return { samplenov };
  }
  const id = wholeNumber(body.isolateid);
  if (id !== null) return { id };
  throw new HttpError(400, IDENTIFICATION_MSG.samplenov);
}

const notFound = (key: { samplenov?: string; id?: number }) =>
  new HttpError(404, key.samplenov !== undefined ? `There is no isolate with the sample code version ${key.samplenov}.` : `There is no isolate with id ${key.id}.`);

/** The version the client read: null = not sent (no check), 0 = 'there was none', n = that version. */
function versionOf(body: Body): number | null {
  const v = body.version;
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new HttpError(400, 'The version must be a whole number from 0.');
  return n;
}

function record(iso: IsolateRef, row: IdentificationRow | undefined, typeId: number | null): IdentificationRecord {
  return {
    isolateid: iso.id,
    isolatecode: iso.isolatecode,
    samplenov: iso.samplenov,
    sampleno: iso.sampleno,
    id: row?.id ?? null,
    bactid: typeId,
    typeid: typeId,
    microbeNmae: row?.microbe_name ?? null,
    genus: row?.genus ?? null,
    species: row?.species ?? null,
    percentageIdentification: row?.percentage_identification ?? null,
    queryCoverage: row?.query_coverage ?? null,
    gramCharacter: row?.gram_character ?? null,
    biosafetyLevel: row?.biosafety_level ?? null,
    version: row?.version ?? null,
  };
}

const auditOf = (r: IdentificationRow) => ({
  id: r.id, isolateid: r.isolate_id, microbeid: r.microbe_id, microbeNmae: r.microbe_name, genus: r.genus, species: r.species,
  percentageIdentification: r.percentage_identification, queryCoverage: r.query_coverage, gramCharacter: r.gram_character,
  biosafetyLevel: r.biosafety_level, version: r.version,
});

/** The gram character as the master spells it: an active entry (value or short name) of 'Gram Character'. */
async function gramCharacter(db: Parameters<typeof findTypeByName>[0], text: string | null): Promise<string | null> {
  if (text === null) return null;
  const type = await findTypeByName(db, MICROBE_MASTER_TYPES.gramCharacter);
  const entry = type
    ? await db
        .selectFrom('common_master')
        .select('value')
        .where('type_id', '=', type.id)
        .where('active', '=', 'Y')
        .where((eb) => eb.or([eb(sql`lower(value)`, '=', text.toLowerCase()), eb(sql`lower(shortname)`, '=', text.toLowerCase())]))
        .executeTakeFirst()
    : undefined;
  if (!entry) throw new HttpError(400, IDENTIFICATION_MSG.gramNotInMaster, { field: 'gramCharacter' });
  return entry.value;
}

async function load(req: FastifyRequest): Promise<IdentificationRecord> {
  const key = isolateKey(bodyOf(req));
  const db = req.server.db;
  const iso = await findIsolate(db, key);
  if (!iso) throw notFound(key);
  const row = await findIdentification(db, iso.id);
  const owner = row ? await db.selectFrom('app_user').select(['username', sql<string>`trim(concat_ws(' ', first_name, last_name))`.as('name')]).where('id', '=', row.created_by).executeTakeFirst() : undefined;
  return {
    ...record(iso, row, row ? await typeOfMicrobe(db, row.microbe_id) : null),
    // A change to an identification that submitted or approved results rest on is an amendment (lib/amendments.ts).
    amendmentRequired: row !== undefined && (await resultsRestOn(db, { isolateId: iso.id })),
    canEdit: !row || row.created_by === req.auth!.userId || req.auth!.flags.toprole,
    createdBy: owner ? owner.name || owner.username : null,
    amendments: row ? ((await amendmentsOf(db, 'microbe_identification', [row.id])).get(row.id) ?? []) : [],
  };
}

async function save(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body = bodyOf(req);
  const key = isolateKey(body);
  const expected = versionOf(body);
  const checked = validateIdentification(body);
  if (!checked.ok) throw new HttpError(400, checked.message, { field: checked.field });
  const v = checked.values;
  const userId = req.auth!.userId;
  const reason = amendmentReasonOf(body.amendmentReason);
  try {
    return await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      // The isolate row is locked: two saves of one isolate's identification run one after the other.
      const iso = await findIsolate(trx, key, { forUpdate: true });
      if (!iso) throw notFound(key);
      const before = await findIdentification(trx, iso.id);
      if (expected !== null && expected !== (before?.version ?? 0)) throw new HttpError(409, IDENTIFICATION_MSG.stale);
      if (before) await requireOwnerOrTopRole(req, before.created_by, 'identification', trx);
      const m = await findActiveMicrobe(trx, { typeId: v.bactid, genus: v.genus, species: v.species });
      const keep = !m && before?.microbe_id != null && (await typeOfMicrobe(trx, before.microbe_id)) === v.bactid
        && before.genus.toLowerCase() === v.genus.toLowerCase() && before.species.toLowerCase() === v.species.toLowerCase();
      if (!m && !keep) throw new HttpError(400, IDENTIFICATION_MSG.notInMaster, { field: 'species' });
      const columns: IdentificationColumns = {
        microbe_id: m ? m.id : before!.microbe_id!,
        microbe_name: m ? m.type_name : before!.microbe_name ?? '',
        genus: m ? m.genus : before!.genus,
        species: m ? m.species : before!.species,
        percentage_identification: v.percentageIdentification,
        query_coverage: v.queryCoverage,
        gram_character: await gramCharacter(trx, v.gramCharacter),
        biosafety_level: v.biosafetyLevel,
      };
      const unchanged = before && (Object.keys(columns) as Array<keyof IdentificationColumns>).every((k) => String(before[k]) === String(columns[k]));
      if (before && unchanged) return { statuss: 'Success', message: IDENTIFICATION_MSG.saved, id: before.id, version: before.version };
      // Changing an identification that submitted or approved results rest on is an amendment (creating one is not).
      const amended = before && (await resultsRestOn(trx, { isolateId: iso.id })) ? requireReason(reason, 'identification') : null;
      const after = before ? await updateIdentification(trx, before.id, userId, columns) : await insertIdentification(trx, iso.id, userId, columns);
      const marked = amended
        ? await recordAmendment(trx, { entity: 'microbe_identification', entityId: after.id, sampleId: iso.sampleId, isolateId: iso.id, by: userId, reason: amended })
        : [];
      await audit({
        action: `microbeIdentification.${amended ? 'amend' : before ? 'update' : 'create'}`,
        entity: 'microbe_identification',
        entityId: after.id,
        before: before ? auditOf(before) : null,
        after: { ...auditOf(after), samplenov: iso.samplenov, isolatecode: iso.isolatecode, ...(amended ? { activitiesMarkedAmended: marked } : {}) },
        reason: amended ?? reason,
      });
      return { statuss: 'Success', message: IDENTIFICATION_MSG.saved, id: after.id, version: after.version };
    });
  } catch (err) {
    // A concurrent first save of the same isolate (cannot happen with the lock, kept as a guard).
    if ((err as { code?: unknown } | null)?.code === '23505') throw new HttpError(409, IDENTIFICATION_MSG.stale);
    throw err;
  }
}

/** The isolates awaiting identification, a page of ten (the Microbe Identification list). */
async function awaiting(req: FastifyRequest): Promise<AwaitingIdentificationRow[]> {
  const body = bodyOf(req);
  const page = pageOf(body.pageno, 'refuse');
  const contains = textOf(body.message) || null;
  const { rows, total } = await awaitingIdentification(req.server.db, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, contains });
  return rows.map((r, i) => ({
    srno: (page - 1) * PAGE_SIZE + i + 1,
    id: r.id,
    samplenov: r.samplenov,
    isolatecode: r.isolatecode,
    sampleno: r.sampleno,
    sampletype: r.sampletype,
    codedAt: new Date(r.created_at).toISOString(),
    totalItems: total,
  }));
}

export function identificationRoutes(app: FastifyInstance): void {
  app.endpoint(C.getmicrobeidentificationByid, load);
  app.endpoint(C.savemicrobidentification, save);
  app.endpoint(C.getIsolatesForIdentification, awaiting);
}
