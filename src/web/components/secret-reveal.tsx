import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { CopyButton } from './copy-button';

/**
 * A stored secret shown masked, with Reveal/Hide and Copy: both ask the feature's audited reveal
 * route (`fetchValue`), so the clear value is never in a list response. Returns the value to show
 * and the buttons, for the feature's own row to place.
 */
export function useSecretReveal({
  label,
  masked,
  fetchValue,
  testId,
}: {
  label: string;
  masked: string;
  fetchValue: () => Promise<string>;
  testId: string;
}) {
  const [clear, setClear] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (clear !== null) return setClear(null);
    setBusy(true);
    try {
      setClear(await fetchValue());
    } catch (e) {
      toast.error(e instanceof Error ? e.message : `Could not reveal the ${label.toLowerCase()}`);
    } finally {
      setBusy(false);
    }
  };
  const shown = clear === null ? 'Reveal' : 'Hide';
  return {
    value: (
      <span className="break-all font-mono" data-testid={testId}>
        {clear ?? masked}
      </span>
    ),
    actions: (
      <>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={toggle}
          disabled={busy}
          aria-label={`${shown} ${label}`}
        >
          {clear === null ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />} {shown}
        </Button>
        <CopyButton label={label} value={fetchValue} />
      </>
    ),
  };
}
