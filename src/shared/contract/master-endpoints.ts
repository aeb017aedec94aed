import type { EndpointSpec } from './endpoints';
import { RESOURCE_LIST, ROLE_PERMISSION, fieldByName, fieldTitle, type EndpointRole, type ResourceDef } from '../resources';

/**
 * The master-data part of the endpoint table, generated from the resource definitions: every legacy
 * name of every simple master (list, search, by id, save, status, their aliases and the lookups), each
 * with the role flag it needs.
 */
export interface MasterEndpoint extends EndpointSpec {
  group: 'master';
  /** Resource name (see shared/resources). */
  resource: string;
  role: EndpointRole;
  /** Lookups: the lookup's name in the definition. */
  lookup?: string;
}

function summaryOf(r: ResourceDef, role: Exclude<EndpointRole, 'lookup'>): string {
  const t = r.title;
  switch (role) {
    case 'list':
      return `${t} list: one page of ten rows (pageno from 1), active and inactive.`;
    case 'search': {
      const over = r.list.searchFields.map((n) => { const f = fieldByName(r, n); return f ? fieldTitle(f) : n; }).join(' or ');
      return `${t} search (searchText in ${over}, case-insensitive): one page of ten rows.`;
    }
    case 'byId':
      return `One ${t} by id (or trnid).`;
    case 'save':
      return `${t} save: create (no id; needs add) or update (id, optional version; needs edit).`;
    case 'status':
      return `Deactivate (activeStatus N) or reactivate (Y) a ${t}.`;
  }
}

export function masterEndpointsOf(r: ResourceDef): MasterEndpoint[] {
  const out: MasterEndpoint[] = [];
  const roles = ['list', 'search', 'byId', 'save', 'status'] as const;
  for (const role of roles) {
    const names = [r.endpoints[role], ...(r.endpoints.aliases?.[role] ?? [])];
    names.forEach((name, i) => {
      out.push({
        group: 'master',
        name,
        auth: 'session',
        permission: ROLE_PERMISSION[role],
        ...(role === 'save' ? { permissionOnUpdate: ROLE_PERMISSION.saveExisting } : {}),
        summary: i === 0 ? summaryOf(r, role) : `${summaryOf(r, role)} Same as ${names[0]}.`,
        resource: r.name,
        role,
      });
    });
  }
  for (const l of r.endpoints.lookups ?? []) {
    out.push({ group: 'master', name: l.name, auth: 'session', permission: ROLE_PERMISSION.lookup, summary: l.summary, resource: r.name, role: 'lookup', lookup: l.name });
  }
  return out;
}

export const MASTER_ENDPOINTS: readonly MasterEndpoint[] = RESOURCE_LIST.flatMap(masterEndpointsOf);

/** Activity type calls beyond the generic master's (hand-written, server/modules/masters/activity-type-routes). */
export const ACTIVITY_TYPE_ENDPOINTS = {
  getAllactivityByid: {
    group: 'master', name: 'getAllactivityByid', auth: 'session', permission: 'view',
    summary: 'An activity type (id or trnid) with activitylstById: the active activity types of its level, in sequence order (the sequences already used).',
  },
} as const satisfies Record<string, EndpointSpec>;
