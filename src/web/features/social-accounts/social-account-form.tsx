import { useForm } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';
import { Alert } from '../../components/ui/alert';
import { describedBy, FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import {
  SOCIAL_PLATFORMS,
  socialAccountInput,
  socialAccountUpdate,
  type SocialAccount,
} from '../../../shared/web-presence';
import type { SocialAccountChanges } from './api';
import { Textarea } from '../../components/ui/textarea';
import { textFieldsOf } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';

type Values = { platform: string; username: string; password: string; profileUrl: string; notes: string };

/** On edit a blank password keeps the stored one (it is never prefilled: that would reveal it). */
const payloadOf = (v: Values, editing: boolean): SocialAccountChanges => ({
  platform: v.platform,
  username: v.username,
  password: editing && v.password === '' ? undefined : v.password,
  profileUrl: v.profileUrl,
  notes: v.notes,
});

/** The shared schema decides, so the form says what the server would. */
const resolverFor = (editing: boolean) =>
  payloadResolver<Values>(editing ? socialAccountUpdate : socialAccountInput, (v) => payloadOf(v, editing));

/** Add (in the modal) and inline edit of a social media account. */
export function SocialAccountForm(props: {
  idPrefix: string;
  account?: SocialAccount;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field, anything else in the alert. */
  error: Error | null;
  /** Put before the alert's sentence (a field's refusal stands under the field without it). */
  errorPrefix?: string;
  onSubmit: (input: SocialAccountChanges) => void;
  onCancel: () => void;
}) {
  const { idPrefix: p, account } = props;
  const editing = Boolean(account);
  const form = useForm<Values>({
    resolver: resolverFor(editing),
    defaultValues: {
      platform: account?.platform ?? '',
      username: account?.username ?? '',
      password: '',
      profileUrl: account?.profileUrl ?? '',
      notes: account?.notes ?? '',
    },
  });
  const e = form.formState.errors;
  const alert = useServerError(form, props.error);
  const submit = form.handleSubmit((v) => props.onSubmit(payloadOf(v, editing)));
  const field = textFieldsOf(form, p, props.busy);
  const notesId = `${p}-notes`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('platform', 'Platform', {
          placeholder: 'e.g. Instagram',
          list: `${p}-platforms`,
          autoComplete: 'off',
          required: true,
        })}
        <datalist id={`${p}-platforms`}>
          {SOCIAL_PLATFORMS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {field('username', 'Username', { autoComplete: 'off', required: true })}
        {field('password', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          required: !editing,
          hint: editing ? 'Leave blank to keep the stored password.' : 'Stored encrypted.',
        })}
        {field('profileUrl', 'Profile URL', { type: 'url', placeholder: 'https://' })}
      </div>
      <FormField id={notesId} label="Notes" error={e.notes?.message}>
        <Textarea
          id={notesId}
          aria-invalid={Boolean(e.notes)}
          aria-describedby={describedBy(notesId, undefined, e.notes?.message)}
          disabled={props.busy}
          {...form.register('notes')}
        />
      </FormField>
      {alert && <Alert tone="error">{`${props.errorPrefix ?? ''}${alert}`}</Alert>}
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
