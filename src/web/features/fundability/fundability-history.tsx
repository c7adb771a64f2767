import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { HistoryChart } from '../scores/score-history';
import { fundabilityHistoryQuery, HISTORY_POINTS } from './api';
import { LoadFailed, Loading } from '../../components/load-states';

/** The score over time (a point per change), as the CapitalScore history is shown. */
export function FundabilityHistory({ clientId, computedAt }: { clientId: string; computedAt: string }) {
  const history = useQuery(fundabilityHistoryQuery(clientId, computedAt));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">History</CardTitle>
        <p className="text-sm text-gray-600">
          A point each time your score or a check changed
          {history.data && history.data.total > HISTORY_POINTS
            ? ` (the latest ${HISTORY_POINTS} of ${history.data.total})`
            : ''}
          .
        </p>
      </CardHeader>
      <CardContent>
        {history.isError && !history.data ? (
          <LoadFailed message="Could not load the history." query={history} />
        ) : !history.data ? (
          <Loading label="Loading history..." />
        ) : (
          <HistoryChart
            name="Fundability score"
            points={history.data.points.map((p) => ({ score: p.score, lastUpdatedAt: p.computedAt }))}
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            colour="#1d4ed8"
          />
        )}
      </CardContent>
    </Card>
  );
}
