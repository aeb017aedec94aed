/** The activity access screen of one employee (spec 000 route /userActivityAccess/{id}). */
export const accessPathOf = (id: number) => `/userActivityAccess/${id}`;
