/** The lazily loaded entry of the microbes chunk (see microbe-routes.tsx). */
import { microbe } from '../../../shared/resources';
import { ResourceListPage } from '../../crud';
import AwaitingIdentificationPage from './awaiting-identification-page';
import IdentificationPage from './identification-page';
import MicrobeMasterForm from './microbe-master-form';

export interface MicrobesScreenProps {
  screen: 'list' | 'form' | 'awaiting' | 'identification';
}

export default function MicrobesScreen({ screen }: MicrobesScreenProps) {
  if (screen === 'list') return <ResourceListPage resource={microbe} />;
  if (screen === 'form') return <MicrobeMasterForm />;
  if (screen === 'awaiting') return <AwaitingIdentificationPage />;
  return <IdentificationPage />;
}
