import { useState, type ReactNode } from 'react';
import { Briefcase, Camera, ExternalLink, Globe, MessageCircle, Play, ThumbsUp, type LucideIcon } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { EditableCard } from '../../components/editable-card';
import { useFormOpen } from '../../lib/use-form-open';
import { useSecretReveal } from '../../components/secret-reveal';
import { CopyButton } from '../../components/copy-button';
import { PASSWORD_MASK } from '../../../shared/cards';
import { safeHref } from '../../../shared/urls-rules';
import { knownPlatform, type SocialAccount, type SocialPlatform } from '../../../shared/web-presence';
import { revealSocialPassword, useDeleteSocialAccount, useUpdateSocialAccount, type SocialAccountChanges } from './api';
import { SocialAccountForm } from './social-account-form';

/** Each known platform's colour and a stand-in icon (lucide has no brand marks); others grey with a globe. */
const PLATFORM_LOOK: Record<SocialPlatform, { icon: LucideIcon; colour: string }> = {
  Instagram: { icon: Camera, colour: 'bg-[#C13584]' },
  Facebook: { icon: ThumbsUp, colour: 'bg-[#1877F2]' },
  Twitter: { icon: MessageCircle, colour: 'bg-[#1D9BF0]' },
  Linkedin: { icon: Briefcase, colour: 'bg-[#0A66C2]' },
  Youtube: { icon: Play, colour: 'bg-[#FF0000]' },
};
const OTHER = { icon: Globe, colour: 'bg-gray-500' };

export function PlatformBadge({ platform }: { platform: string }) {
  const known = knownPlatform(platform);
  const look = known ? PLATFORM_LOOK[known] : OTHER;
  const Icon = look.icon;
  return (
    <span
      className={`flex size-10 shrink-0 items-center justify-center rounded-full text-white ${look.colour}`}
      data-platform={known ?? 'other'}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

function Row({ label, children, actions }: { label: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-gray-100 py-2 last:border-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-900">
        <span className="min-w-0 flex-1 whitespace-pre-line break-words">{children}</span>
        {actions && <span className="flex shrink-0 items-center gap-1">{actions}</span>}
      </dd>
    </div>
  );
}

/** The password masked, with Reveal/Hide and Copy, both through the audited reveal route. */
function PasswordRow({ account }: { account: SocialAccount }) {
  const secret = useSecretReveal({
    label: 'password',
    masked: PASSWORD_MASK,
    fetchValue: () => revealSocialPassword(account.clientId, account.id),
    testId: 'password-value',
  });
  if (!account.hasPassword) return <Row label="Password">-</Row>;
  return (
    <Row label="Password" actions={secret.actions}>
      {secret.value}
    </Row>
  );
}

/** One account: platform, username, masked password, profile link, notes; edit inline, delete after confirming. */
export function SocialAccountCard({ account }: { account: SocialAccount }) {
  const edit = useFormOpen();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSocialAccount(account.clientId, account.id);
  const remove = useDeleteSocialAccount(account.clientId, account.id);
  const title = `${account.platform}: ${account.username}`;
  const href = safeHref(account.profileUrl);

  const save = (input: SocialAccountChanges) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success('Account updated.');
        edit.close();
      },
      onError: edit.failed,
    });
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Account deleted.');
      },
      onError: (e) => toast.error(`Could not delete the account: ${e.message}`),
    });

  return (
    // min-w-0: as a grid item the card would otherwise grow to its longest word past a phone's width.
    <EditableCard
      title={title}
      className="flex min-w-0 flex-col"
      heading={
        <div className="flex min-w-0 items-center gap-3">
          <PlatformBadge platform={account.platform} />
          <div className="min-w-0">
            <h2 className="break-words text-base font-semibold text-gray-900">{account.platform}</h2>
            <p className="break-all text-sm text-gray-600">{account.username}</p>
          </div>
        </div>
      }
      editing={edit.isOpen}
      onEdit={edit.open}
      form={
        <SocialAccountForm
          idPrefix={`edit-${account.id}`}
          account={account}
          submitLabel="Save Changes"
          busy={update.isPending}
          error={edit.error}
          errorPrefix="Could not save the account: "
          onSubmit={save}
          onCancel={edit.close}
        />
      }
      contentClassName="flex flex-1 flex-col gap-3 p-4 pt-0"
      confirm={{
        open: confirming,
        onOpenChange: setConfirming,
        title: 'Delete this account?',
        description: `${title} and its stored password will be removed. This cannot be undone.`,
        busy: remove.isPending,
        onConfirm: confirmDelete,
      }}
    >
      <dl>
        <Row label="Username" actions={<CopyButton label="username" value={() => account.username} />}>
          {account.username}
        </Row>
        <PasswordRow account={account} />
        {account.notes && <Row label="Notes">{account.notes}</Row>}
      </dl>
      {href && (
        <div className="mt-auto">
          <Button asChild size="sm" variant="outline">
            <a href={href} target="_blank" rel="noopener noreferrer">
              Visit Profile
              <span className="sr-only"> of {title} (opens in a new tab)</span>
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </div>
      )}
    </EditableCard>
  );
}
