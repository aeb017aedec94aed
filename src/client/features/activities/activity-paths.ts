/** The hash routes of the activity screens (spec 001 section 2), filled from list and queue rows, and the calls of the lists. */
import { ACTIVITY_ENDPOINTS as A, type ActivityLevel } from '../../../shared/contract/activity-endpoints';

const seg = (v: unknown) => encodeURIComponent(String(v));

export interface ParamScreenTarget {
  actid: number;
  level: ActivityLevel;
  samplenov: string;
  sampleno: string;
  pncode?: string | null;
  pageno: number;
}

/** activityparamNew/{id}/Level 1/{samplenov}/{sampleno}/{pageno} or lvl2activityparam/{id}/Level 2/.../{plantassesmentcode}/{pageno}. */
export function paramScreenPath(t: ParamScreenTarget): string {
  return t.level === 'Level 1'
    ? `/activityparamNew/${seg(t.actid)}/${seg(t.level)}/${seg(t.samplenov)}/${seg(t.sampleno)}/${seg(t.pageno)}`
    : `/lvl2activityparam/${seg(t.actid)}/${seg(t.level)}/${seg(t.samplenov)}/${seg(t.sampleno)}/${seg(t.pncode ?? '')}/${seg(t.pageno)}`;
}

export const microbeIdentificationPath = (id: number, samplenov: string, pageno: number): string =>
  `/MicrobeIdentification/${seg(id)}/${seg(samplenov)}/${seg(pageno)}`;

export const LEVEL1_HOME = '/ActivityTransactionHome';
export const LEVEL2_HOME = '/level2activityHome';
export const LEVEL2_ENTRY = '/level2activityEntry';
export const ISOLATE_PATH = '/Isolate';
/** The managers' queue: the Level 1 / Level 2 home with ?queue=1 (no new route in the spec's table). */
export const QUEUE_QUERY = 'queue';
export const homeOf = (level: ActivityLevel): string => (level === 'Level 1' ? LEVEL1_HOME : LEVEL2_HOME);

/** The call of the Level 1 / Level 2 list, or of its search when `search`. */
export const listEndpoint = (level: ActivityLevel, search: boolean) =>
  level === 'Level 1'
    ? (search ? A.getSearchForactitransaction : A.getactitransctionhome)
    : (search ? A.getSearchForLevel2actitransaction : A.getLevel2ActivityHome);
