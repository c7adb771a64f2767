import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../app/auth-context';
import { SignInPage } from '../features/auth/sign-in-page';
import { FeaturesList } from '../features/marketing/features-list';
import { MarketingFooter } from '../features/marketing/marketing-footer';
import { MarketingLayout } from '../features/marketing/marketing-layout';
import { TestimonialsCarousel } from '../features/marketing/testimonials-carousel';
import { setClassMerge } from './cn';

// The sign-in page's first load leaves tailwind-merge out (see cn.ts): what it renders must be the
// same with and without it, or a class meant to override another would lose to the stylesheet's
// order. A conflicting className added to these components fails here.
const atSignIn = (page: ReactElement) =>
  h(
    MemoryRouter,
    { initialEntries: ['/signin?error=INVALID_EMAIL_OR_PASSWORD&verified=1'] },
    h(AuthProvider, null, page),
  );

const screens: [string, ReactElement][] = [
  [
    'marketing layout with the sign-in form',
    atSignIn(
      h(Routes, null, h(Route, { element: h(MarketingLayout) }, h(Route, { path: '/signin', element: h(SignInPage) }))),
    ),
  ],
  ['features (below the fold)', atSignIn(h(FeaturesList))],
  ['testimonials (below the fold)', atSignIn(h(TestimonialsCarousel))],
  ['footer (below the fold)', atSignIn(h(MarketingFooter))],
];

describe('first load without tailwind-merge', () => {
  afterEach(() => setClassMerge(null));

  it.each(screens)('%s renders the same classes with and without it', (_name, screen) => {
    setClassMerge(null);
    const plain = renderToStaticMarkup(screen);
    setClassMerge(twMerge);
    const merged = renderToStaticMarkup(screen);
    expect(plain).toContain('class=');
    expect(plain).toBe(merged);
  });
});
