import type { FastifyInstance } from 'fastify';
import { employeeRoutes, type EmployeeSettings } from './employee-routes';
import { userAccessRoutes } from './user-access-routes';
import { accountAdminRoutes } from './account-admin-routes';

export { activitiesAccessibleTo, accessToActivity, type AccessibleActivity, type AccessFlags } from './user-access-repository';

/** Employees (users) and their activity access (spec 000 sections 2-9). */
export function userRoutes(app: FastifyInstance, settings: EmployeeSettings): void {
  employeeRoutes(app, settings);
  userAccessRoutes(app);
  accountAdminRoutes(app);
}
