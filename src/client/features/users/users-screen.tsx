/** The lazily loaded entry of the users chunk (see user-routes.tsx). */
import EmployeeForm from './employee-form';
import EmployeeList from './employee-list';
import UserActivityAccess from './user-activity-access';

export interface UsersScreenProps {
  screen: 'list' | 'form' | 'access';
}

export default function UsersScreen({ screen }: UsersScreenProps) {
  if (screen === 'list') return <EmployeeList />;
  if (screen === 'form') return <EmployeeForm />;
  return <UserActivityAccess />;
}
