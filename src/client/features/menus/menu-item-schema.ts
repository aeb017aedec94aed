/** Rules of the menu2 form (spec 001 section 5): module, menu item or sub-menu name (max 25), sequence. */
import * as yup from 'yup';
import { MENU_MSG, MENU_NAME_MAX } from '../../../shared/contract/menu-endpoints';

export interface MenuItemForm {
  moduleid: number | '';
  pageid: number | '';
  isSubMenu: boolean;
  menuname: string;
  parentId: number | '';
  link: string;
  sequence: number | '';
  landPage: boolean;
}

export const emptyMenuItemForm: MenuItemForm = { moduleid: '', pageid: '', isSubMenu: false, menuname: '', parentId: '', link: '', sequence: 1, landPage: false };

/** `current` is the sequence of the item being edited (edit mode), else null. */
export function menuItemSchema(mode: 'new' | 'edit', current: number | null) {
  let sequence = yup.number().typeError(MENU_MSG.sequenceRequired).required(MENU_MSG.sequenceRequired).integer(MENU_MSG.sequenceRequired).min(1, MENU_MSG.sequenceRequired);
  if (mode === 'edit' && current !== null) sequence = sequence.min(current, MENU_MSG.sequenceNotLess);
  const name = yup.string().trim().required(MENU_MSG.nameRequired).max(MENU_NAME_MAX, MENU_MSG.nameMax);
  return yup.object({
    moduleid: yup.number().typeError(MENU_MSG.moduleRequired).required(MENU_MSG.moduleRequired),
    pageid: mode === 'new'
      ? yup.mixed().when('isSubMenu', { is: false, then: () => yup.number().typeError(MENU_MSG.itemRequired).required(MENU_MSG.itemRequired), otherwise: (s) => s.notRequired() })
      : yup.mixed().notRequired(),
    menuname: mode === 'edit' ? name : yup.string().when('isSubMenu', { is: true, then: () => name, otherwise: (s) => s.notRequired() }),
    sequence,
  });
}

/** The first message of a failed validation, in the order of the form's fields. */
export function firstError(errors: Partial<Record<keyof MenuItemForm, unknown>>): string | null {
  for (const k of ['moduleid', 'pageid', 'menuname', 'sequence'] as const) if (typeof errors[k] === 'string') return errors[k] as string;
  return null;
}
