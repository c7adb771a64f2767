import { useEffect } from 'react';
import { branding } from '../../../shared/branding';

/** Browser tab and history entries name the page: '{heading} · Total Business Build-Out'. */
export function useDocumentTitle(heading: string) {
  useEffect(() => {
    document.title = `${heading} · ${branding.productName}`;
  }, [heading]);
}
