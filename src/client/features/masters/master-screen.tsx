/**
 * The screens of the simple masters (spec 000 section 2): each is the generic list or form of its
 * definition (client/crud). Only what the spec makes different is set here.
 */
import type { ComponentType } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import { RESOURCES, type ResourceName } from '../../../shared/resources';
import { ResourceFormPage, ResourceListPage, type ResourceFormPageProps, type ResourceListPageProps } from '../../crud';
import { workflowRoleLinks } from './workflow-role';

type ListOverrides = Omit<ResourceListPageProps, 'resource'>;
type FormOverrides = Omit<ResourceFormPageProps, 'resource'>;

/** Row action icons (the default is a list icon, which suits common master type -> Entries). */
const ROW_ACTION_ICONS: Record<string, ComponentType> = { Parameters: TuneIcon };

export const LIST_OVERRIDES: Partial<Record<ResourceName, ListOverrides>> = {
  // "Searchable list with New and Back to BlankHomePage".
  unitOfMeasure: { addLabel: 'New' },
};

export const FORM_OVERRIDES: Partial<Record<ResourceName, FormOverrides>> = {
  // Top Role turns on every permission; clearing one turns Top Role (and chkselect) off.
  workflowRole: { linkValues: workflowRoleLinks },
};

export interface MasterScreenProps {
  resource: ResourceName;
  screen: 'list' | 'form';
}

/** The lazily loaded entry of the masters chunk (see master-routes.tsx). */
export default function MasterScreen({ resource, screen }: MasterScreenProps) {
  const r = RESOURCES[resource];
  return screen === 'list' ? (
    <ResourceListPage resource={r} rowActionIcons={ROW_ACTION_ICONS} {...LIST_OVERRIDES[resource]} />
  ) : (
    <ResourceFormPage resource={r} {...FORM_OVERRIDES[resource]} />
  );
}
