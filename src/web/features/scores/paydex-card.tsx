import { ExternalLink } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDate } from '../../../shared/format';
import {
  PAYDEX_REFERENCE,
  PAYDEX_SCORE,
  PAYDEX_STATIC_TEXTS,
  SCORE_LINKS,
  SCORE_MESSAGES,
  paydexColour,
  paydexRisk,
  type ScorePoint,
} from '../../../shared/scores-rules';
import { paydexStyle } from './tier-style';

/** The PAYDEX card: the dial, the risk band in words, the static texts and the reference table. */
export function PaydexCard({ latest }: { latest: ScorePoint | null }) {
  return (
    <Card data-testid="paydex-card">
      <CardHeader>
        <CardTitle>PAYDEX Score</CardTitle>
        <p className="text-sm text-gray-600">
          {latest ? `Last updated ${formatDate(latest.lastUpdatedAt)}` : 'Not reported yet'}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
          {latest ? (
            <PaydexDial score={latest.score} />
          ) : (
            <p className="py-6 text-sm font-medium text-gray-700">{SCORE_MESSAGES.noPaydex}</p>
          )}
          <dl className="grid w-full flex-1 gap-3 text-sm sm:w-auto">
            {PAYDEX_STATIC_TEXTS.map((item) => (
              <div key={item.label}>
                <dt className="font-medium text-gray-900">{item.label}</dt>
                <dd className="text-gray-700">{item.text}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm">
          <a
            href={SCORE_LINKS.fullReport}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            View Full Report <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <p className="mt-1 text-gray-700">To see the full report, log in under the Business Accounts tab.</p>
        </div>
        <PaydexReference />
      </CardContent>
    </Card>
  );
}

/** A half-circle gauge 0-100: coloured by band, with the number and the band written out. */
function PaydexDial({ score }: { score: number }) {
  const colour = paydexColour(score);
  const style = paydexStyle[colour];
  const risk = paydexRisk(score);
  const arc = 'M 12 62 A 50 50 0 0 1 112 62';
  return (
    <figure className="flex w-48 shrink-0 flex-col items-center" data-testid="paydex-dial" data-colour={colour}>
      <svg
        viewBox="0 0 124 70"
        className="w-full"
        role="img"
        aria-label={`PAYDEX ${score} of ${PAYDEX_SCORE.max}, ${risk}`}
      >
        <path d={arc} fill="none" stroke="#e5e7eb" strokeWidth="12" strokeLinecap="round" />
        {score > 0 && (
          <path
            d={arc}
            fill="none"
            stroke={style.stroke}
            strokeWidth="12"
            strokeLinecap="round"
            pathLength={100}
            strokeDasharray={`${score} 100`}
          />
        )}
        <text x="62" y="58" textAnchor="middle" className="fill-gray-900 text-[22px] font-bold" aria-hidden="true">
          {score}
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-col items-center gap-1 text-center">
        <span className="text-xs text-gray-600">
          {PAYDEX_SCORE.min}-{PAYDEX_SCORE.max}
        </span>
        <span
          data-testid="paydex-risk"
          className={cn('rounded-full border px-2.5 py-0.5 text-sm font-semibold', style.badge)}
        >
          {risk}
        </span>
      </figcaption>
    </figure>
  );
}

function PaydexReference() {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left font-medium text-gray-900">PAYDEX reference</caption>
        <thead>
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              PAYDEX
            </th>
            <th scope="col" className="py-2 font-medium">
              Payment habit
            </th>
          </tr>
        </thead>
        <tbody>
          {PAYDEX_REFERENCE.map((row) => (
            <tr key={row.score} className="border-b border-gray-100 last:border-0">
              <td className="py-1.5 pr-4 font-medium tabular-nums text-gray-900">{row.score}</td>
              <td className="py-1.5 text-gray-700">{row.payment}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
