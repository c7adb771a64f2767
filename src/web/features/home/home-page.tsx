import { LayoutDashboard } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { BusinessPrograms } from '../programs/business-programs';

/** '/': Business Programs first; the dashboard (progress, tasks, activities) fills in below later. */
export function HomePage() {
  useDocumentTitle('Business Formation');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Business Formation</h1>
      <BusinessPrograms />
      <Card>
        <CardContent className="flex items-start gap-3 pt-6 text-sm text-gray-600">
          <LayoutDashboard className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          Your dashboard, with your build-out progress, tasks and recent activities, arrives in a coming release.
        </CardContent>
      </Card>
    </div>
  );
}
