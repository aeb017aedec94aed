import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MicrobeLookupName } from '../../../shared/contract/microbe-endpoints';
import { MICROBE_LOOKUP_CONTRACT } from '../../../shared/contract/microbe-schemas';
import { MICROBE_MASTER_CONTRACTS } from '../../../shared/contract/master-schemas';
import { MASTER_LOOKUP, MICROBE_MSG, microbe } from '../../../shared/resources';
import { HttpError } from '../../plugins/errors';
import { bodyOf, textOf, wholeNumber, type Body } from '../../lib/body';
import { activeItems } from '../common-master/common-master-repository';
import { registerResource, type ResourceOverrides } from '../masters/resource-routes';
import { allSpecies, findSameMicrobe, genera, isMicrobeType, microbeTypeMaster, speciesOf } from './microbe-repository';

/**
 * The microbe master (spec 001 sections 2, 5, 7, 8): the generic master handlers of the microbe definition
 * with what differs here:
 * - the type must be an active entry of the 'Microbe Type' common master;
 * - (type, genus, species) is unique case-insensitively: a second one answers the legacy duplicate answer
 *   {status:'Failed', status1:'Success1', rescoremessage} and stores nothing (a concurrent twin hits the
 *   database's unique index and gets the generic duplicate answer);
 * - deletemicrobeStatus takes the legacy field name `activestatus` (activeStatus and status work too).
 * Plus the lookups of the microbe, genus and species choices.
 */


/**
 * The duplicate answer from inside the save transaction. ResourceOverrides.checkSave can only refuse by
 * throwing; an HttpError with status 200 answers the legacy duplicate shape (the transaction rolls back,
 * nothing is stored). The lead may prefer a `duplicateOf` hook in resource-routes instead.
 */
function duplicateRefusal(): HttpError {
  return new HttpError(200, MICROBE_MSG.duplicate, { ...microbe.answers.duplicate, rescoremessage: MICROBE_MSG.duplicate });
}

export const microbeOverrides: ResourceOverrides = {
  async checkSave({ trx, id, values, before }) {
    const typeId = values.type_id as number;
    if ((!before || before.type_id !== typeId) && !(await isMicrobeType(trx, typeId))) {
      throw new HttpError(400, MICROBE_MSG.typeNotMicrobe, { field: 'typeid' });
    }
    if (await findSameMicrobe(trx, { typeId, genus: String(values.genus), species: String(values.species) }, id)) throw duplicateRefusal();
  },
};

// ---- lookups -------------------------------------------------------------------------------------

/** The microbe type named by bactid or typeid: a positive whole number. */
function typeIdOf(body: Body): number {
  const n = wholeNumber(body.bactid ?? body.typeid);
  if (n === null) throw new HttpError(400, MICROBE_MSG.type);
  return n;
}

function searchTextOf(body: Body): string | undefined {
  const t = textOf(body.message);
  if (t.length > 100) throw new HttpError(400, 'The search text must be at most 100 characters.');
  return t || undefined;
}


const LOOKUPS: Record<MicrobeLookupName, { handler(req: FastifyRequest): Promise<unknown> }> = {
  getCommasterTypeformicrobe: {
    async handler(req) {
      const t = await microbeTypeMaster(req.server.db);
      return t && t.active === 'Y' ? [{ id: t.id, typeid: t.id, code: t.code, type: t.type }] : [];
    },
  },
  getCommonMastermicrobe: {
    async handler(req) {
      const t = await microbeTypeMaster(req.server.db);
      if (!t || t.active !== 'Y') return [];
      return (await activeItems(req.server.db, t.id)).map((i) => ({ ...i, microbeTypename: i.value }));
    },
  },
  getCommonMastermicrobeforGenus: {
    async handler(req) {
      const body = bodyOf(req);
      const list = await genera(req.server.db, { typeId: typeIdOf(body), text: searchTextOf(body) });
      return list.map((genus) => ({ genus, shortname: genus }));
    },
  },
  getCommonMasterforspecies: {
    async handler(req) {
      const body = bodyOf(req);
      const typeId = typeIdOf(body);
      const genus = textOf(body.genus);
      if (!genus) throw new HttpError(400, MICROBE_MSG.genus);
      return (await speciesOf(req.server.db, typeId, genus)).map((r) => ({ ...r, shortname: r.species }));
    },
  },
  getallGenus: {
    async handler(req) {
      const text = searchTextOf(bodyOf(req));
      const list = await genera(req.server.db, { text, limit: text ? MASTER_LOOKUP.maxResults : undefined });
      return list.map((genus) => ({ genus, shortname: genus }));
    },
  },
  getallSpecies: {
    async handler(req) {
      const body = bodyOf(req);
      const text = searchTextOf(body);
      const list = await allSpecies(req.server.db, { genus: textOf(body.genus) || undefined, text, limit: text ? MASTER_LOOKUP.maxResults : undefined });
      return list.map((species) => ({ species, shortname: species }));
    },
  },
};

export function microbeMasterRoutes(app: FastifyInstance): void {
  // Own scope: the hook below renames the legacy `activestatus` of deletemicrobeStatus for the generic handler.
  void app.register(async (scope) => {
    scope.addHook('preValidation', async (req) => {
      const body = bodyOf(req);
      if (req.routeOptions.config.endpoint?.name === microbe.endpoints.status && body && typeof body === 'object') {
        if (body.activeStatus === undefined && body.activestatus !== undefined) body.activeStatus = body.activestatus;
      }
    });
    registerResource(scope, microbe, MICROBE_MASTER_CONTRACTS, microbeOverrides);
  });
  for (const [name, l] of Object.entries(LOOKUPS) as Array<[MicrobeLookupName, (typeof LOOKUPS)[MicrobeLookupName]]>) {
    app.endpoint(MICROBE_LOOKUP_CONTRACT[name], l.handler);
  }
}
