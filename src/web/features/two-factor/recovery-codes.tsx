import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { saveBlob } from '../../lib/save-download';
import { branding } from '../../../shared/branding';

/** The recovery codes as a text file people keep somewhere safe. */
function download(codes: string[], email: string) {
  const text = [
    `${branding.productName} - two-factor recovery codes`,
    `Account: ${email}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt');
}

/** Recovery codes, shown once: the list and a Download button. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  return (
    <div className="flex flex-col gap-3">
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-gray-200 bg-gray-50 p-3 font-mono text-sm text-gray-900"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <p className="text-sm text-gray-600">
        Each code signs you in once if you lose your phone. They are shown only now: download them and keep them
        somewhere safe.
      </p>
      <Button variant="outline" className="self-start" onClick={() => download(codes, email)}>
        <Download aria-hidden="true" /> Download
      </Button>
    </div>
  );
}
