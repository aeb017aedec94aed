/**
 * MicrobeMasterEntry and MicrobeMasterEntry/{id} (spec 001 sections 2, 5, 8): the generic form of the microbe
 * definition (microbe, genus, species; the spec's messages; Back and Save) with the microbe drop-down fed by
 * the microbe types. The legacy hidden "microbe type" drop-down (the 'Microbe Type' master itself) is not
 * shown: the server knows it. When no microbe types exist the form says where to add them.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { MICROBE_MSG, microbe } from '../../../shared/resources';
import type { FieldDef } from '../../../shared/resources/types';
import { ResourceFormPage } from '../../crud';
import { useMicrobeTypes } from './use-microbe-types';

export default function MicrobeMasterForm() {
  const types = useMicrobeTypes();
  const fieldOverrides = useMemo<Record<string, Partial<FieldDef>>>(
    () => ({ typeid: { kind: 'select', placeholder: 'Select Microbe', options: types ?? [] } }),
    [types],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {types !== null && types.length === 0 ? <Alert severity="info">{MICROBE_MSG.noTypes}</Alert> : null}
      <ResourceFormPage resource={microbe} fieldOverrides={fieldOverrides} />
    </Box>
  );
}
