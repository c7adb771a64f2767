import { useId } from 'react';
import { Slider } from 'radix-ui';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../../shared/format';
import { CAPITAL_SCORE, CAPITAL_SCORE_MARKS, tierFor, type ScorePoint } from '../../../shared/scores-rules';
import { SCORE_GRADIENT, tierStyle } from './tier-style';

/** Where the marker starts: the client's score, or the slider default when there is none. */
export const whatIfStart = (latest: ScorePoint | null) => latest?.score ?? CAPITAL_SCORE.sliderDefault;

/**
 * The Score Range bar with a what-if marker (docs/architecture.md, "Where we differ from the original product"): drag it, click the bar or use
 * the keys, and it shows the tier that score would give. It never saves: scores are set by staff.
 */
export function ScoreRange({
  latest,
  whatIf,
  onWhatIf,
  forClient,
}: {
  latest: ScorePoint | null;
  whatIf: number;
  onWhatIf: (score: number) => void;
  forClient?: boolean;
}) {
  const id = useId();
  const start = whatIfStart(latest);
  const setWhatIf = onWhatIf;
  const whatIfTier = tierFor(whatIf);
  const yourTier = latest ? tierFor(latest.score) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Score Range</CardTitle>
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          Drag the marker, click the bar or use the arrow keys to see the tier a score would give. This is a what-if:
          nothing is saved.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div>
          <Slider.Root
            data-testid="score-range-bar"
            className="relative flex h-8 w-full touch-none select-none items-center"
            min={CAPITAL_SCORE.min}
            max={CAPITAL_SCORE.max}
            step={1}
            value={[whatIf]}
            onValueChange={([v]) => setWhatIf(v ?? start)}
          >
            <Slider.Track
              className="relative h-3 w-full grow cursor-pointer rounded-full"
              style={{ background: SCORE_GRADIENT }}
            />
            <Slider.Thumb
              aria-label="What-if CapitalScore"
              aria-valuetext={`${whatIf}, ${whatIfTier.name} tier`}
              aria-describedby={`${id}-hint`}
              data-testid="what-if-marker"
              className="block size-6 cursor-grab rounded-full border-4 border-white bg-gray-900 shadow-md ring-1 ring-gray-400 active:cursor-grabbing focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-600"
            />
          </Slider.Root>
          {/* Inset by half the marker's width: Radix keeps the marker inside the bar, so its centre
              runs from 12px to the width less 12px, and the marks line up with it. */}
          <div className="relative mx-3 h-5 text-xs text-gray-700" aria-hidden="true">
            {CAPITAL_SCORE_MARKS.map((mark) => {
              const at = ((mark - CAPITAL_SCORE.min) / (CAPITAL_SCORE.max - CAPITAL_SCORE.min)) * 100;
              return (
                <span
                  key={mark}
                  className="absolute top-0 flex -translate-x-1/2 flex-col items-center"
                  style={{ left: `${at}%` }}
                >
                  <span className="h-1.5 w-px bg-gray-400" />
                  {mark}
                </span>
              );
            })}
          </div>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3">
          <p className="text-sm text-gray-800">
            <span className="font-medium">What-if:</span>{' '}
            <span data-testid="what-if-score" className="font-semibold tabular-nums">
              {whatIf}
            </span>{' '}
            would be{' '}
            <span
              data-testid="what-if-tier"
              className={cn('inline-flex items-center gap-1.5 font-semibold', tierStyle[whatIfTier.name].text)}
            >
              <span aria-hidden="true" className={cn('size-2.5 rounded-full', tierStyle[whatIfTier.name].dot)} />
              {whatIfTier.name}
            </span>
          </p>
          {whatIf !== start && (
            <Button size="sm" variant="outline" onClick={() => setWhatIf(start)}>
              {latest ? 'Back to your score' : 'Back to the start'}
            </Button>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-medium text-gray-600">{forClient ? "Client's Score" : 'Your Score'}</h3>
            {latest ? (
              <>
                <p data-testid="your-score" className="text-4xl font-bold tabular-nums text-gray-900">
                  {latest.score}
                </p>
                <p className="text-xs text-gray-600">As of {formatDateTime(latest.lastUpdatedAt)}</p>
              </>
            ) : (
              <p className="text-sm text-gray-700">No CapitalScore yet</p>
            )}
          </div>
          <div>
            <h3 className="text-sm font-medium text-gray-600">{forClient ? "Client's tier" : 'Your tier'}</h3>
            {yourTier ? (
              <p
                data-testid="your-tier"
                className={cn('flex items-center gap-2 text-2xl font-semibold', tierStyle[yourTier.name].text)}
              >
                <span aria-hidden="true" className={cn('size-3 rounded-full', tierStyle[yourTier.name].dot)} />
                {yourTier.name}
              </p>
            ) : (
              <p className="text-sm text-gray-700">None yet</p>
            )}
            {yourTier && (
              <p className="text-xs text-gray-600">
                {yourTier.min}-{yourTier.max}
              </p>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
