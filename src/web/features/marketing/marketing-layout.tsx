import { Outlet, useLocation, useMatch } from 'react-router';
import { useEffect } from 'react';
import { HeroDetails, HeroHeadline } from './hero';
import { MarketingHeader } from './marketing-header';
import { lazyPage } from '../../app/lazy-page';
import { WhenNear } from './when-near';

// Below the fold, loaded when scrolled near (see WhenNear). Like the rest of this layout they
// render without tailwind-merge (lib/cn.ts), so their class lists must not conflict.
const FeaturesList = lazyPage(() => import('./features-list'), 'FeaturesList');
const TestimonialsCarousel = lazyPage(() => import('./testimonials-carousel'), 'TestimonialsCarousel');
const MarketingFooter = lazyPage(() => import('./marketing-footer'), 'MarketingFooter');

/** Moving between auth forms or policies should start at the top, as a new page would. */
function useScrollToTopOnPageChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
}

function AuthHero() {
  return (
    <section className="overflow-x-clip border-b border-gray-200 bg-linear-to-b from-white via-white to-brand-50">
      {/* Phones read headline, form, then details; wide screens put the form in its own column. */}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-x-16 lg:gap-y-10 lg:px-8 lg:py-16 xl:grid-cols-[minmax(0,1fr)_28rem]">
        <HeroHeadline className="lg:col-start-1 lg:row-start-1" />
        {/* The auth pages bring their own card; the glow behind it only lifts it off the page. */}
        <div className="relative flex justify-center lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center lg:justify-end">
          <div aria-hidden="true" className="absolute -inset-6 rounded-full bg-brand-100/60 blur-3xl" />
          <div className="relative w-full max-w-md [&>*]:shadow-lg [&>*]:shadow-brand-900/5">
            <Outlet />
          </div>
        </div>
        <HeroDetails className="lg:col-start-1 lg:row-start-2" />
      </div>
    </section>
  );
}

export function MarketingLayout() {
  const isLegalPage = useMatch('/legal/:page') !== null;
  useScrollToTopOnPageChange();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <MarketingHeader />
      <main className="flex-1">
        {isLegalPage ? (
          <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
            <Outlet />
          </div>
        ) : (
          <>
            <AuthHero />
            <WhenNear placeholderClassName="h-[110rem] sm:h-[70rem] lg:h-[45rem]">
              <FeaturesList />
            </WhenNear>
            <WhenNear placeholderClassName="h-[60rem]">
              <TestimonialsCarousel />
            </WhenNear>
          </>
        )}
      </main>
      <WhenNear placeholderClassName="h-80">
        <MarketingFooter />
      </WhenNear>
    </div>
  );
}
