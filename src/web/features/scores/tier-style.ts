import type { PaydexColour, TierName } from '../../../shared/scores';

// The tier colours switch at the tier thresholds (the original product's); the text always names the tier too.
export const tierStyle: Record<TierName, { dot: string; text: string; ring: string }> = {
  Foundational: { dot: 'bg-red-600', text: 'text-red-800', ring: 'border-red-600' },
  Emerging: { dot: 'bg-amber-500', text: 'text-amber-900', ring: 'border-amber-500' },
  Established: { dot: 'bg-lime-600', text: 'text-lime-900', ring: 'border-lime-600' },
  Prime: { dot: 'bg-emerald-700', text: 'text-emerald-900', ring: 'border-emerald-700' },
};

/** The Score Range bar: red at 500 through to green at 1000, the tier colours at their thresholds. */
export const SCORE_GRADIENT =
  'linear-gradient(to right, #dc2626 0%, #f59e0b 25%, #65a30d 50%, #16a34a 75%, #047857 100%)';

/** The dial's stroke and the band's text colour (the risk band is always written out beside it). */
export const paydexStyle: Record<PaydexColour, { stroke: string; text: string; badge: string }> = {
  green: { stroke: '#16a34a', text: 'text-green-800', badge: 'bg-green-50 text-green-800 border-green-200' },
  yellow: { stroke: '#eab308', text: 'text-yellow-900', badge: 'bg-yellow-50 text-yellow-900 border-yellow-200' },
  red: { stroke: '#dc2626', text: 'text-red-800', badge: 'bg-red-50 text-red-800 border-red-200' },
};
