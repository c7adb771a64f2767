/**
 * The "Switch to Desktop View" picture (a phone, an arrow, a desktop monitor), drawn inline: as an
 * <img> it was a file fetched only after the app had rendered, the largest thing on a phone's first
 * paint, and it pushed the text below it down when it arrived (layout shift).
 */
// One notice on a page at a time, so the gradient's id is unique in the document.
export function DesktopViewBanner() {
  return (
    <svg viewBox="0 0 640 200" aria-hidden="true" focusable="false" className="block h-auto w-full">
      <defs>
        <linearGradient id="desktop-view-banner-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <rect width="640" height="200" fill="url(#desktop-view-banner-gradient)" />
      <g fill="#ffffff" opacity="0.06">
        <circle cx="70" cy="30" r="90" />
        <circle cx="600" cy="190" r="120" />
      </g>
      {/* phone */}
      <g transform="translate(170 48)">
        <rect width="64" height="112" rx="12" fill="#dbeafe" />
        <rect x="6" y="14" width="52" height="82" rx="3" fill="#eff6ff" />
        <rect x="12" y="22" width="40" height="6" rx="3" fill="#93c5fd" />
        <rect x="12" y="34" width="28" height="6" rx="3" fill="#bfdbfe" />
        <rect x="12" y="46" width="40" height="36" rx="4" fill="#bfdbfe" />
        <rect x="24" y="101" width="16" height="4" rx="2" fill="#93c5fd" />
      </g>
      {/* arrow */}
      <g fill="none" stroke="#ffffff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" opacity="0.9">
        <path d="M258 104h78" />
        <path d="M320 88l16 16-16 16" />
      </g>
      {/* monitor */}
      <g transform="translate(360 36)">
        <rect width="176" height="112" rx="10" fill="#dbeafe" />
        <rect x="8" y="8" width="160" height="88" rx="4" fill="#eff6ff" />
        <rect x="8" y="8" width="40" height="88" fill="#bfdbfe" />
        <rect x="14" y="18" width="28" height="5" rx="2.5" fill="#1e3a8a" />
        <rect x="14" y="30" width="28" height="5" rx="2.5" fill="#93c5fd" />
        <rect x="14" y="42" width="28" height="5" rx="2.5" fill="#93c5fd" />
        <rect x="14" y="54" width="28" height="5" rx="2.5" fill="#93c5fd" />
        <rect x="58" y="18" width="100" height="7" rx="3.5" fill="#93c5fd" />
        <rect x="58" y="32" width="100" height="4" rx="2" fill="#1d4ed8" />
        <rect x="58" y="44" width="46" height="42" rx="4" fill="#bfdbfe" />
        <rect x="112" y="44" width="46" height="42" rx="4" fill="#bfdbfe" />
        <path d="M74 112h28l6 20H68z" fill="#bfdbfe" />
        <rect x="56" y="130" width="64" height="8" rx="4" fill="#dbeafe" />
      </g>
    </svg>
  );
}
