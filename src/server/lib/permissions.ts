import type { PermissionFlag } from '../../shared/contract/session';

/** The role flags of a user. Top Role implies every other flag (spec 000 section 6). */
export type Flags = Record<PermissionFlag, boolean>;

export interface RoleFlagColumns {
  can_add: boolean | null;
  can_edit: boolean | null;
  can_view: boolean | null;
  can_delete: boolean | null;
  can_approve: boolean | null;
  can_microbe: boolean | null;
  is_toprole: boolean | null;
}

export function flagsOf(r: RoleFlagColumns): Flags {
  const top = Boolean(r.is_toprole);
  return {
    add: top || Boolean(r.can_add),
    edit: top || Boolean(r.can_edit),
    view: top || Boolean(r.can_view),
    delete: top || Boolean(r.can_delete),
    approve: top || Boolean(r.can_approve),
    microbe: top || Boolean(r.can_microbe),
    toprole: top,
  };
}
