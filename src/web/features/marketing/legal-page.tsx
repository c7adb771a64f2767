import { Outlet } from 'react-router';
export function LegalPage() {
  return <Outlet />;
}
