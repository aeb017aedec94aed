/** The detailed record of a Sample No.-V as a PDF (the modal's content: sample, identification, activities). */
import {
  RECORD_MICROBE_LABELS, RECORD_SAMPLE_LABELS, SEARCH_MSG, recordValueText, type RecordActivity, type SampleLookup,
} from '../../../shared/contract/search-endpoints';
import { PdfDocument } from './pdf-writer';
import { AMENDMENT_MSG } from '../../../shared/contract/amendments';
import { formatUtcDateTime } from '../../../shared/format/date-time';

const STATUS: Record<string, string> = { Y: 'Not submitted', S: 'Submitted', A: 'Approved', R: 'Reverted' };
const show = (v: unknown) => (v === null || v === undefined || v === '' ? 'N/A' : String(v));
const statusOf = (a: RecordActivity) => `${STATUS[a.status] ?? a.status}${a.amended ? ` (${AMENDMENT_MSG.amendedAfterApproval})` : ''}`;
const params = (a: RecordActivity) => a.parameters.map((p) => `${p.parameterName}: ${show(recordValueText(p))}`).join('; ') || 'N/A';

/** Each electronic signature: who (name and user name), when (UTC), what it means, and the signed content's hash. */
function signatureLines(doc: PdfDocument, a: RecordActivity, prefix = ''): void {
  for (const sg of a.signatures ?? []) {
    doc.line(`${prefix}Signed by ${sg.name} (${sg.username}) on ${formatUtcDateTime(sg.at)}: "${sg.meaning}" SHA-256 ${sg.hash}${sg.valid ? '' : ' (DOES NOT MATCH ITS RECORD)'}`, 9);
  }
}

export function recordPdf(samplenov: string, r: SampleLookup, printedAt: Date): Buffer {
  const doc = new PdfDocument(`${SEARCH_MSG.details(samplenov)} - printed ${formatUtcDateTime(printedAt)}`);
  doc.title(SEARCH_MSG.modalTitle).title(SEARCH_MSG.details(samplenov));

  doc.heading('Sample Inward');
  doc.keyValues(RECORD_SAMPLE_LABELS.map(([k, label]) => [label, show(r.sampleInward[k])]));

  doc.heading('Microbe Identification');
  if (r.microbeIdentification) doc.keyValues(RECORD_MICROBE_LABELS.map(([k, label]) => [label, show(r.microbeIdentification![k])]));
  else doc.line('N/A');

  doc.heading('Level 1 Activities');
  if (!r.activityList.length) doc.line('N/A');
  for (const a of r.activityList) {
    doc.line(`${a.activityname} (${a.shortname}) - ${statusOf(a)}`, 10);
    doc.table(['Parameter', 'Value'], a.parameters.map((p) => [p.parameterName, show(recordValueText(p))]));
    signatureLines(doc, a);
  }

  doc.heading(SEARCH_MSG.level2(samplenov));
  for (const a of r.lvl2activityList) signatureLines(doc, a, `${a.activityname} (${show(a.pncode)}): `);
  doc.table(
    ['Sample No.-V', 'Isolate Code', 'Plant Assessment Code', 'Activity Name', 'Status', 'Parameters'],
    r.lvl2activityList.map((a) => [a.samplenov, a.isolatecode, show(a.pncode), a.activityname, statusOf(a), params(a)]),
  );

  // Amended: who changed data the results rest on, when (UTC) and why.
  if (r.amendments?.length) {
    doc.heading('Amended');
    doc.table(['Record', 'Amended by', 'When', 'Reason'], r.amendments.map((a) => [a.record, a.by, formatUtcDateTime(a.at), a.reason]));
  }
  return doc.toBuffer();
}
