/**
 * The question of a change that needs a reason (ChangeOutcome.reason, an amendment): shown while the change's
 * entry asks for it; Save sends the reason to the waiting request saga, Cancel calls the change off.
 *
 *   <ChangeReasonPrompt changeKey={SAVE_KEY} />
 */
import { useDispatch } from 'react-redux';
import { ConfirmDialog } from '../lib/confirm-dialog';
import { reasonAnswered } from './request-slice';
import { useRequestEntry } from './use-request';

export function ChangeReasonPrompt({ changeKey }: { changeKey: string }) {
  const dispatch = useDispatch();
  const prompt = useRequestEntry(changeKey)?.asking;
  const answer = (reason: string | null) => dispatch(reasonAnswered({ key: changeKey, reason }));
  return (
    <ConfirmDialog open={Boolean(prompt)} title={prompt?.title ?? ''} confirmLabel={prompt?.confirmLabel ?? 'Save'}
      reasonLabel={prompt?.reasonLabel ?? 'Reason'} onCancel={() => answer(null)} onConfirm={({ reason }) => answer(reason)}>
      {prompt?.text}
    </ConfirmDialog>
  );
}
