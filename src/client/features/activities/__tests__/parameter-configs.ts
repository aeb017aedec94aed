/**
 * Parameter configurations as the server delivers them: rows typed on the configuration screen, checked by
 * the shared validateParameterSet and turned into the legacy rows with toLegacyParameter (the same path
 * the server takes).
 */
import { toLegacyParameter, validateParameterSet, type LegacyParameterRow } from '../../../../shared/parameters';

export function configure(rows: Array<Record<string, unknown>>): LegacyParameterRow[] {
  const set = validateParameterSet(rows.map((r, i) => ({ sequence: i + 1, mandatory: true, ...r })));
  if (!set.ok) throw new Error(set.message);
  const activity = { id: 11, shortname: 'MORPH', activityname: 'Colony Morphology', activitylevel: 'Level 1' };
  return set.parameters.map((p, i) => toLegacyParameter({ ...p, id: 100 + i }, activity));
}

/** Colony morphology: a master-data dropdown, a float, an integer, a date, a text and a Boolean. */
export const colonyConfig = (): LegacyParameterRow[] =>
  configure([
    { shortname: 'SHAPE', parameterName: 'Colony Shape', type: 'Dropdown', unittype: 'MasterData', userentry: 'User Selection', commonmastertype: 'Colony Morphology' },
    { shortname: 'DIAM', parameterName: 'Colony Diameter', type: 'Number', unittype: 'Float', decimalplaces: 1, maxlength1: 8 },
    { shortname: 'COUNT', parameterName: 'Colony Count', type: 'Number', unittype: 'Integer', mandatory: false, allownegative: true },
    { shortname: 'READ', parameterName: 'Read On', type: 'Date-Control', unittype: 'Date', lessthncurrentdate: true },
    { shortname: 'NOTE', parameterName: 'Notes', type: 'Text', unittype: 'Character', mandatory: false, minlength: 3, maxlength: 20 },
    { shortname: 'GRAM', parameterName: 'Gram Positive', type: 'Dropdown', unittype: 'Boolean', mandatory: false, booleanyes: 'Positive', booleanno: 'Negative' },
  ]);
