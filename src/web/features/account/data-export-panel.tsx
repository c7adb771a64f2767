import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { PasswordInput } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { LIMITS } from '../../../shared/limits';
import { downloadAllData } from './sessions-api';

/** 'All my data': one zip of every record and file; the secrets only with the password typed again. */
export function DataExportPanel({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [withSecrets, setWithSecrets] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setWithSecrets(false);
      setPassword('');
      setError(null);
    }
    setOpen(next);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || (withSecrets && !password)) return;
    setBusy(true);
    setError(null);
    try {
      await downloadAllData(clientId, withSecrets ? password : undefined);
      toast.success('Your download has started');
      setBusy(false);
      close(false);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The download failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const whose = isAdmin ? "this client's" : 'your';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Download className="size-5 text-brand-700" aria-hidden="true" /> {isAdmin ? 'Client Data' : 'Your Data'}
        </CardTitle>
        <CardDescription>
          Download a copy of all {whose} data: profile, tasks, payments, accounts, cards, records and every uploaded document, as one zip file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>
          <Download aria-hidden="true" /> {isAdmin ? "All of this client's data" : 'All my data'}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent title="Download all data" description={`One zip with a JSON file, a spreadsheet (CSV) per area and the uploaded documents in their folders. At most ${LIMITS.dataExportsPerHour} downloads an hour.`}>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <label className="flex items-start gap-2 text-sm text-gray-800">
              <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" checked={withSecrets} onChange={(e) => setWithSecrets(e.target.checked)} disabled={busy} />
              <span>Include secrets in clear (SSN, EIN, date of birth, bank account and routing numbers, stored passwords). Without this they are hidden.</span>
            </label>
            {withSecrets && (
              <FormField id="export-password" label={isAdmin ? 'Your administrator password' : 'Your password'} hint="Confirm your password again to include the secrets.">
                <PasswordInput id="export-password" autoComplete="current-password" value={password} onChange={(e) => {
                    setPassword(e.target.value);
                    setError(null);
                  }} disabled={busy} aria-describedby="export-password-hint" required />
              </FormField>
            )}
            {withSecrets && (
              <Alert tone="warning">The file will hold your secrets in clear: keep it somewhere safe and delete it when you no longer need it.</Alert>
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
