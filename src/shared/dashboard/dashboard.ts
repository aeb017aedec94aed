/**
 * The dashboard (spec 001 section 2 "dashboard"; issue 5): the spec's tiles, computed from the database.
 *
 * Which recorded values feed the trait and biocontrol tiles: an isolate counts for a tile when an APPROVED
 * activity (Level 1 or Level 2, status A) holds a positive value (a Boolean answered with its "yes" label,
 * stored as 1, or a number above 0) for an active parameter whose short name is the tile's short name below.
 * Configure those short names on any activity (the demo lab's 'Functional Traits' activity has them all).
 * Submitted or reverted results are not counted: the dashboard shows what a manager has approved.
 */
export const FUNCTIONAL_TRAITS = [
  { shortname: 'NFIX', label: 'Nitrogen Fixers' },
  { shortname: 'PSOL', label: 'Phosphate Solubilizers' },
  { shortname: 'KSOL', label: 'Potassium Solubilizers' },
  { shortname: 'ZNSOL', label: 'Zinc Solubilizers' },
  { shortname: 'IAA', label: 'IAA Producers' },
  { shortname: 'SIDER', label: 'Siderophore Producers' },
  { shortname: 'HCN', label: 'HCN Producers' },
  { shortname: 'ACCD', label: 'ACC Deaminase Producers' },
] as const;

export const BIOCONTROL = [
  { shortname: 'ANTIF', label: 'Antifungal Producers', key: 'antifungal' },
  { shortname: 'ANTIB', label: 'Antibacterial Producers', key: 'antibacterial' },
  { shortname: 'ANTIM', label: 'Antimicrobial Producers', key: 'antimicrobial' },
] as const;

/** Microbe types counted on the microbes tile (the value of the identified microbe's type entry). */
export const MICROBE_TYPE_TILES = [
  { key: 'bacteria', value: 'Bacteria' },
  { key: 'fungi', value: 'Fungi' },
  { key: 'actinomycetes', value: 'Actinomycetes' },
] as const;

export interface DashboardFigures {
  totalSamples: number;
  /** Distinct agro-climatic zones among the active samples. */
  agroZones: number;
  isolates: number;
  microbes: { total: number; bacteria: number; fungi: number; actinomycetes: number; other: number };
  traits: Array<{ shortname: string; label: string; count: number }>;
  biocontrol: { total: number; antifungal: number; antibacterial: number; antimicrobial: number };
  /** Activities by status (null = not yet submitted). */
  activities: { notSubmitted: number; submitted: number; reverted: number; approved: number };
  /** Samples inwarded per month, the last 12 months, oldest first: YYYY-MM and a count. */
  samplesByMonth: Array<{ month: string; count: number }>;
}
