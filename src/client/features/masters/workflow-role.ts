import { workflowRole } from '../../../shared/resources';
import { impliesAllLinks } from '../../crud/form-values';

/**
 * The workflow role form's permission checkboxes (spec 000 section 4): choosing Top Role turns on every
 * other permission; clearing any permission turns Top Role off (the generic form then recomputes the
 * group's chkselect flag, which is on only while every permission is). Built from the definition's
 * `impliesAll` rule, so the permission list lives in one place.
 */
export const workflowRoleLinks = impliesAllLinks(workflowRole);
