import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

/** Copies a value (a number is fetched through its audited reveal route first) and says 'Copied' for 2 seconds. */
export function CopyButton({ label, value }: { label: string; value: () => string | Promise<string> }) {
  const [state, setState] = useState<'idle' | 'busy' | 'copied'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    setState('busy');
    try {
      await navigator.clipboard.writeText(await value());
      setState('copied');
    } catch (e) {
      setState('idle');
      toast.error(e instanceof Error && e.message ? `Could not copy: ${e.message}` : 'Could not copy');
    }
  }

  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={copy}
      disabled={state === 'busy'}
      aria-label={`Copy ${label}`}
      className="h-7 px-2 text-xs"
    >
      {state === 'copied' ? <Check className="text-green-700" aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{state === 'copied' ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
