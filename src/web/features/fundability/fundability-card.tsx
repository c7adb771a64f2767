import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight, Gauge } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { fundabilityQuery } from './api';
import { CheckItem } from './check-item';
import { ScoreMeter } from './score-meter';
import { LoadFailed, Loading } from '../../components/load-states';

// Kept small (no chart) so the dashboard's first load stays light: the chart is on /fundability.

/** The dashboard's card: the client's fundability score and the top three things to fix. */
export function FundabilityCard({ clientId }: { clientId: string }) {
  const query = useQuery(fundabilityQuery(clientId));
  return (
    <Card data-testid="fundability-card">
      <CardHeader className="pb-2">
        <CardDescription className="flex items-center gap-2">
          <Gauge aria-hidden className="size-4" />
          Fundability
        </CardDescription>
        <CardTitle className="text-lg">What stands between you and funding</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isError && !query.data ? (
          <LoadFailed message="Your fundability score could not be loaded." query={query} />
        ) : !query.data ? (
          <Loading label="Loading your fundability score..." />
        ) : (
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:gap-6">
            <ScoreMeter score={query.data.score} checks={query.data.checks} size="sm" />
            {query.data.topFixes.length > 0 ? (
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="text-sm font-semibold text-gray-900">Top things to fix</h3>
                <ul aria-label="Top things to fix" className="divide-y divide-gray-200">
                  {query.data.topFixes.map((c) => (
                    <CheckItem key={c.id} check={c} actingFor={null} headingLevel="h4" />
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-gray-700">Every check passed. Keep your records consistent as they change.</p>
            )}
          </div>
        )}
        <Button asChild variant="outline" size="sm" className="w-fit">
          <Link to="/fundability">
            See all fundability checks <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
