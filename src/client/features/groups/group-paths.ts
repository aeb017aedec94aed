/** The user-group screens' paths and page size (their calls are MENU_ADMIN_ENDPOINTS, spec 001 section 7). */
export const GROUP_LIST_PATH = '/newGrouphome';
export const GROUP_FORM_PATH = '/newGroup';
export const GROUP_PAGE_SIZE = 10;
