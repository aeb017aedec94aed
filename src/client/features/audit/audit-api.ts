/** The Activity Log's calls (shared/contract/audit-endpoints). The CSV export downloads a blob with progress. */
import { AUDIT_ENDPOINTS as E } from '../../../shared/contract/audit-endpoints';
import { path } from '../../../shared/contract/endpoints';
import type {
  AuditEntryRow, AuditFilter, AuditFilterOptions, AuditListRequest, RecordHistoryRequest,
} from '../../../shared/contract/audit-endpoints';
import { postJson } from '../../lib/api';
import { downloadBlob, saveFile, type Download } from '../../lib/download';

const post = postJson;

export type CsvDownload = Download;
export { saveFile };

export const auditApi = {
  list: (body: AuditListRequest) => post<AuditEntryRow[]>(path(E.getAuditLog), body),
  filters: () => post<AuditFilterOptions>(path(E.getAuditFilters), {}),
  history: (body: RecordHistoryRequest) => post<AuditEntryRow[]>(path(E.getRecordHistory), body),
  exportCsv: (body: AuditFilter, onProgress: (bytes: number) => void): Promise<CsvDownload> =>
    downloadBlob(path(E.exportAuditLog), body, 'activity-log.csv', onProgress),
};
