import { lazy, Suspense, useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { SearchHighlight } from './search-highlight';

// The dialog (its queries, grouping and keyboard handling) loads on first use: the top bar shows
// only this button, so the first load does not grow.
const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadDialog);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's search: a button (or Ctrl/Cmd-K) that opens the search dialog. */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's state and code.
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setUsed(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={show}
        // Fetch the dialog's code while the pointer is on its way.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        // Named by what it shows ('Search... Ctrl K'): a name of its own would leave out visible words (WCAG 2.5.3).
        aria-haspopup="dialog"
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        className="flex h-9 w-full items-center gap-2 rounded-md border border-gray-300 bg-white pl-3 pr-2 text-left text-sm text-gray-500 hover:border-gray-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <Search aria-hidden className="size-4 shrink-0 text-gray-400" />
        <span className="min-w-0 flex-1 truncate">Search...</span>
        <kbd className="hidden rounded border border-gray-200 bg-gray-50 px-1.5 font-sans text-[11px] text-gray-500 sm:inline">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {used && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
      <SearchHighlight />
    </>
  );
}
