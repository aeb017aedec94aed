/** What other screens use from the Activity Log feature: the per-record history icon and dialog. */
export { RecordHistoryButton, RecordHistoryDialog, type RecordHistoryProps } from './record-history';
