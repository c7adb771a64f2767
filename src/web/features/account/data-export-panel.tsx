import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Download } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { putServerError } from '../../lib/server-error';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { PasswordInput } from '../../components/ui/input';
import { describedBy, FormField } from '../../components/ui/form-field';
import { dataExportInput } from '../../../shared/data-export';
import { LIMITS } from '../../../shared/limits';
import { payloadResolver } from '../../lib/payload-resolver';
import { downloadAllData } from './sessions-api';

type Values = { withSecrets: boolean; password: string };
// Checked as the request the API receives: the password goes only when the secrets are asked for.
const resolver = payloadResolver<Values>(dataExportInput, (v) => (v.withSecrets ? { password: v.password } : {}));

/** 'All my data': one zip of every record and file; the secrets only with the password typed again. */
export function DataExportPanel({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const form = useForm<Values>({
    resolver,
    defaultValues: { withSecrets: false, password: '' },
    shouldFocusError: false,
  });
  const withSecrets = useWatch({ control: form.control, name: 'withSecrets' });
  const password = useWatch({ control: form.control, name: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      form.reset();
      setError(null);
    }
    setOpen(next);
  };

  const submit = form.handleSubmit(async () => {
    if (busy || (withSecrets && !password)) return;
    setBusy(true);
    setError(null);
    try {
      await downloadAllData(clientId, withSecrets ? password : undefined);
      toast.success('Your download has started');
      setBusy(false);
      close(false);
    } catch (err) {
      // A wrong password is refused for its field and shown under it; anything else in the alert.
      const message = putServerError(form, err);
      if (message !== null) setError(message || 'The download failed. Please try again.');
    } finally {
      setBusy(false);
    }
  });
  const passwordError = form.formState.errors.password?.message;

  const whose = isAdmin ? "this client's" : 'your';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Download className="size-5 text-brand-700" aria-hidden="true" /> {isAdmin ? 'Client Data' : 'Your Data'}
        </CardTitle>
        <CardDescription>
          Download a copy of all {whose} data: profile, tasks, payments, accounts, cards, records and every uploaded
          document, as one zip file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>
          <Download aria-hidden="true" /> {isAdmin ? "All of this client's data" : 'All my data'}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent
          title="Download all data"
          description={`One zip with a JSON file, a spreadsheet (CSV) per area and the uploaded documents in their folders. At most ${LIMITS.dataExportsPerHour} downloads an hour.`}
        >
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <label className="flex items-start gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                disabled={busy}
                {...form.register('withSecrets')}
              />
              <span>
                Include secrets in clear (SSN, EIN, date of birth, bank account and routing numbers, stored passwords).
                Without this they are hidden.
              </span>
            </label>
            {withSecrets && (
              <FormField
                id="export-password"
                label={isAdmin ? 'Your administrator password' : 'Your password'}
                hint="Confirm your password again to include the secrets."
                error={passwordError}
              >
                <PasswordInput
                  id="export-password"
                  autoComplete="current-password"
                  disabled={busy}
                  aria-describedby={describedBy('export-password', true, passwordError)}
                  aria-invalid={Boolean(passwordError) || undefined}
                  required
                  {...form.register('password', { onChange: () => setError(null) })}
                />
              </FormField>
            )}
            {withSecrets && (
              <Alert tone="warning">
                The file will hold your secrets in clear: keep it somewhere safe and delete it when you no longer need
                it.
              </Alert>
            )}
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={busy || (withSecrets && !password)}>
                {busy ? 'Preparing download...' : 'Download'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
