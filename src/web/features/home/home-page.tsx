import { useDocumentTitle } from '../placeholders/use-document-title';
import { BusinessPrograms } from '../programs/business-programs';
import { Dashboard } from '../dashboard/dashboard';
import { TimelineBanner } from '../dashboard/timeline-banner';

/** '/': the build-out timeline, Business Programs, then the dashboard (progress, tasks, activities). */
export function HomePage() {
  useDocumentTitle('Business Formation');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Business Formation</h1>
      <TimelineBanner />
      <BusinessPrograms />
      <Dashboard />
    </div>
  );
}
